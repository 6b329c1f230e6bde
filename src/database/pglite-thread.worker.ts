// The database thread (pglite-thread.ts starts it): opens DATA_DIR's PGlite database and serves the main thread's
// requests, one message each, answered with the request's id.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { PgliteRequest, PgliteThreadMessage, SerializedError, ThreadQuery } from './pglite-thread';

const port = parentPort!;
const send = (message: PgliteThreadMessage) => port.postMessage(message);

/**
 * An error as plain data: its fields with plain values (a DatabaseError's code, constraint, detail…) survive the
 * copy; the others (PGlite adds the query's options, parsers included, which cannot be copied) stay here.
 */
function serialize(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const plain = Object.entries(error).filter(
    ([, value]) => value === null || (typeof value !== 'object' && typeof value !== 'function'),
  );
  return {
    ...Object.fromEntries(plain),
    name: error.name,
    message: error.message,
    stack: error.stack,
  };
}

// Types the main thread parses itself (Drizzle's parsers): sent as the text PostgreSQL gave.
const asText = (value: string) => value;

async function run(client: PGlite | Transaction, { sql, params, rowMode, textTypes }: ThreadQuery) {
  const parsers = textTypes && Object.fromEntries(textTypes.map((type) => [type, asText]));
  const { rows, fields, affectedRows }: Results = await client.query(sql, params, { rowMode, parsers });
  return { rows, fields, affectedRows };
}

interface OpenTransaction {
  client: Transaction;
  end(commit: boolean): void;
  ended: Promise<unknown>;
}

const ROLLBACK = Symbol('rollback');
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();

function begin(db: PGlite, id: number): Promise<void> {
  return new Promise((begun, failed) => {
    // PGlite runs BEGIN, then this callback, then COMMIT when it resolves or ROLLBACK when it rejects.
    const ended = db.transaction(
      (client) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(id, { client, end: (ok) => (ok ? commit() : rollback(ROLLBACK)), ended });
          begun();
        }),
    );
    ended.catch(failed); // BEGIN itself failed (before begun); later failures reach `end`
  });
}

/** A transaction, as long as it is open; PGlite's own words once it is not. */
function openTransaction(id: number): OpenTransaction {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error('Transaction is closed');
  return transaction;
}

async function finish(id: number, commit: boolean): Promise<void> {
  const transaction = openTransaction(id);
  transactions.delete(id);
  transaction.end(commit);
  try {
    await transaction.ended;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function serve(db: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return run(request.transaction ? openTransaction(request.transaction).client : db, request);
    case 'begin':
      return begin(db, request.id);
    case 'end':
      return finish(request.transaction, request.commit);
    case 'listen':
      listeners.set(
        request.id,
        await db.listen(request.channel, (payload) => send({ notification: request.id, payload })),
      );
      return undefined;
    case 'unlisten': {
      const stop = listeners.get(request.listener);
      listeners.delete(request.listener);
      if (stop && !db.closed) await stop();
      return undefined;
    }
    case 'close':
      if (!db.closed) await db.close();
      return undefined;
  }
}

PGlite.create(workerData as string | undefined).then(
  (db) => {
    port.on('message', (request: PgliteRequest) => {
      serve(db, request)
        .then((value) => send({ id: request.id, ok: true, value }))
        // A failed request, or an answer that cannot be copied: its request fails, never the thread.
        .catch((error: unknown) => send({ id: request.id, ok: false, error: serialize(error) }));
    });
    send({ opened: true });
  },
  (error: unknown) => {
    send({ opened: false, error: serialize(error) });
    port.close();
  },
);
