import { extname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { PROJECT_ROOT } from '../common/project-root';

/** An error as data, across threads: its own fields (code, constraint, detail…) with its name and message. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

export interface ThreadQuery {
  sql: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Types the main thread parses (its parsers are functions, which cannot cross): sent as text. */
  textTypes?: number[];
}

/** What the main thread asks of the database thread; each is answered once, with its id. */
export type PgliteRequest = { id: number } & (
  | ({ op: 'query'; transaction?: number } & ThreadQuery)
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' }
);

export type PgliteThreadMessage =
  | { opened: true }
  | { opened: false; error: SerializedError }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notification: number; payload: string };

type Parser = (value: string, type: number) => unknown;

/** PGlite's query options that the app's code and Drizzle pass. */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}

/** The client a transaction's callback gets, as PGlite's own `transaction` gives it. */
export interface ThreadTransaction {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ): Promise<Results<T>>;
}

const CLOSED = 'PGlite is closed'; // PGlite's own words (database-errors.ts answers 503 to them)

function rebuild({ name, message, stack, ...fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields, { name, stack });
}

/**
 * The compiled thread beside this file; from TypeScript (Jest, `node -r scripts/register-swc.cjs`), the source,
 * through the same SWC hook.
 */
function threadScript(): { file: string; execArgv?: string[] } {
  const extension = extname(__filename);
  const file = join(__dirname, `pglite-thread.worker${extension}`);
  if (extension !== '.ts') return { file };
  const register = resolve(PROJECT_ROOT, 'scripts', 'register-swc.cjs');
  return { file, execArgv: [...process.execArgv, '--require', register] };
}

/**
 * A PGlite database in a thread of its own, with the part of PGlite's API that Drizzle and the app use (query,
 * transaction, listen, close). PGlite's work (Postgres itself, in WebAssembly) runs beside the app's instead of in
 * its event loop: opening it overlaps with loading the app, and a query no longer stops every request meanwhile.
 * Rows cross as structured clones; Drizzle's parsers run here, on the text the thread sends for their types.
 */
export class PgliteThread {
  private readonly replies = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly notifications = new Map<number, (payload: string) => void>();
  private lastId = 0;
  private gone: Error | undefined;
  private closing: Promise<void> | undefined;

  private constructor(private readonly worker: Worker) {
    worker.unref(); // the thread keeps the process alive only while a request is waiting for it
    worker.on('message', (message: PgliteThreadMessage) => this.receive(message));
    worker.on('error', (error) =>
      this.threadGone(new Error(`${CLOSED}: its thread failed: ${error.message}`)),
    );
    worker.on('exit', () => this.threadGone(new Error(CLOSED)));
  }

  /**
   * Opens the database in `dataDir` (PGlite's folder; in memory without one) in a new thread; rejects with
   * PGlite's own error.
   */
  static open(dataDir?: string): Promise<PgliteThread> {
    const { file, execArgv } = threadScript();
    const worker = new Worker(file, { workerData: dataDir, execArgv });
    return new Promise((resolveOpen, rejectOpen) => {
      const onExit = (code: number) =>
        rejectOpen(new Error(`the database thread exited (code ${code}) before PGlite opened`));
      const onMessage = (message: PgliteThreadMessage) => {
        if (!('opened' in message)) return;
        worker.off('message', onMessage).off('error', rejectOpen).off('exit', onExit);
        if (message.opened) resolveOpen(new PgliteThread(worker));
        else rejectOpen(rebuild(message.error));
      };
      worker.on('message', onMessage).on('error', rejectOpen).on('exit', onExit);
    });
  }

  get closed(): boolean {
    return this.gone !== undefined;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
    transaction?: number,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    const result = (await this.request({
      op: 'query',
      id: this.newId(),
      sql,
      params: params?.some(isObject) ? params.map(cloneable) : params,
      rowMode: options?.rowMode,
      textTypes: parsers && Object.keys(parsers).map(Number),
      transaction,
    })) as Results<T>;
    if (parsers) parseColumns(result, parsers, options?.rowMode ?? 'object');
    return result;
  }

  /** PGlite's `transaction`: BEGIN, the callback, then COMMIT, or ROLLBACK when it throws. */
  async transaction<T>(callback: (transaction: ThreadTransaction) => Promise<T>): Promise<T> {
    const transaction = this.newId();
    await this.request({ op: 'begin', id: transaction });
    let result: T;
    try {
      result = await callback({
        query: (sql, params, options) => this.query(sql, params, options, transaction),
      });
    } catch (error) {
      await this.request({ op: 'end', id: this.newId(), transaction, commit: false });
      throw error;
    }
    await this.request({ op: 'end', id: this.newId(), transaction, commit: true });
    return result;
  }

  /** PGlite's `listen`: `onPayload` gets each NOTIFY payload on `channel`; resolves to the function that stops. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.newId();
    this.notifications.set(listener, onPayload);
    try {
      await this.request({ op: 'listen', id: listener, channel });
    } catch (error) {
      this.notifications.delete(listener);
      throw error;
    }
    return async () => {
      this.notifications.delete(listener);
      if (!this.closed) await this.request({ op: 'unlisten', id: this.newId(), listener });
    };
  }

  /** Closes the database, then the thread ends; later requests fail as PGlite's do once closed. */
  close(): Promise<void> {
    if (this.gone && !this.closing) return Promise.resolve();
    return (this.closing ??= (async () => {
      await this.request({ op: 'close', id: this.newId() });
      await this.worker.terminate(); // Postgres has closed its files: nothing is left to finish
      this.threadGone(new Error(CLOSED));
    })());
  }

  private newId(): number {
    return ++this.lastId;
  }

  private request(request: PgliteRequest): Promise<unknown> {
    if (this.gone) return Promise.reject(new Error(this.gone.message));
    return new Promise((resolveReply, rejectReply) => {
      if (this.replies.size === 0) this.worker.ref();
      this.replies.set(request.id, { resolve: resolveReply, reject: rejectReply });
      try {
        this.worker.postMessage(request);
      } catch (error) {
        this.forget(request.id);
        rejectReply(error as Error);
      }
    });
  }

  private receive(message: PgliteThreadMessage): void {
    if ('notification' in message) {
      this.notifications.get(message.notification)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const reply = this.replies.get(message.id);
    if (!reply) return;
    this.forget(message.id);
    if (message.ok) reply.resolve(message.value);
    else reply.reject(rebuild(message.error));
  }

  /** No longer waits for `id`'s answer; with nothing left to wait for, the thread no longer keeps the process up. */
  private forget(id: number): void {
    this.replies.delete(id);
    if (this.replies.size === 0) this.worker.unref();
  }

  /** The thread is gone (closed, or failed): whatever still waits gets `error`. */
  private threadGone(error: Error): void {
    this.gone ??= error;
    for (const [id, reply] of this.replies) {
      this.forget(id);
      reply.reject(new Error(this.gone.message));
    }
  }
}

/**
 * Parameters cross as structured clones, which keep data but not prototypes. An object is sent as what PGlite
 * would have made of it here: its own toString's text when it has one and no toJSON (a money class, for a text
 * parameter), else its JSON (express-session's session, whose cookie has a toJSON, for a json column).
 */
function cloneable(value: unknown): unknown {
  if (!isObject(value)) return value;
  if (Array.isArray(value) || value instanceof Date || ArrayBuffer.isView(value)) return value;
  const { toString, toJSON } = value as { toString: unknown; toJSON?: unknown };
  if (toString !== Object.prototype.toString && typeof toJSON !== 'function') return String(value);
  return JSON.parse(JSON.stringify(value)) as unknown;
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null;

/** Applies the caller's parsers to the columns of their types (the thread sent those as text). */
function parseColumns(
  result: Results<unknown>,
  parsers: Record<number, Parser>,
  rowMode: 'array' | 'object',
): void {
  result.fields.forEach(({ name, dataTypeID }, index) => {
    const parse = parsers[dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? index : name;
    for (const row of result.rows as Array<Record<string | number, unknown>>) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, dataTypeID);
    }
  });
}
