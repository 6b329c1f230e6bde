import { Logger } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { Request } from 'express';
import session, { type SessionData } from 'express-session';
import type { Pool } from 'pg';
import { describeError } from '../common/errors/database-errors';
import type { RawQuery } from '../database/database.client';

const PgStore = connectPgSimple(session);

export interface DatabaseSessionStoreOptions {
  /** A statement through the app's database client (PGlite or node-postgres). */
  query: RawQuery;
  /** Sessions kept at most, all clients together; past it the least recently used go. */
  maxSessions: number;
  /** Sessions kept at most per client (see `setSessionClient`); past it that client's least recently used go. */
  maxSessionsPerClient: number;
}

// A symbol key: JSON.stringify skips it, so it is neither stored in `sess` nor seen by express-session's change
// detection (a session that only carries it is still "uninitialized" and never saved).
const CLIENT = Symbol('session client');
type Tagged = { [CLIENT]?: string };

/**
 * Says which client `session` belongs to (its address), so the store can bound sessions per client. Called by
 * SessionMiddleware for each request's session; the store carries it over to a regenerated session.
 */
export function setSessionClient(session: SessionData, client: string): void {
  (session as Tagged)[CLIENT] = client;
}

/**
 * connect-pg-simple on the app's own database, whichever driver, with two bounds on top. Every instance on one
 * PostgreSQL reads the same sessions. The table comes from a migration (`createTableIfMissing: false`), and
 * connect-pg-simple deletes expired rows every 15 minutes or so (randomised, so instances take turns).
 *
 * After each save, a client (an address) keeps its `maxSessionsPerClient` most recently used sessions, so one
 * client making session after session loses its own oldest, never someone else's; then the whole table keeps its
 * `maxSessions` most recently used, so many addresses together still cannot grow it without bound.
 */
export class DatabaseSessionStore extends PgStore {
  private readonly bounds: DatabaseSessionStoreOptions;

  constructor(options: DatabaseSessionStoreOptions) {
    const logger = new Logger('SessionStore');
    super({
      // connect-pg-simple asks for a pg Pool and calls nothing but its query(text, values). The app's client is a
      // Pool on PostgreSQL but PGlite without DATABASE_URL, which has that same method and is no Pool: this object
      // lends the store that one method over either driver, so one store serves both.
      pool: { query: (text: string, values?: unknown[]) => options.query(text, values) } as unknown as Pool,
      tableName: 'session',
      createTableIfMissing: false,
      // Its only use: a failed prune (the database away). Requests report their own errors.
      errorLog: (message: string, error: unknown) => logger.warn(`${message} ${describeError(error)}`),
    });
    if (!(options.maxSessions >= 1)) throw new RangeError('maxSessions must be at least 1');
    if (!(options.maxSessionsPerClient >= 1)) throw new RangeError('maxSessionsPerClient must be at least 1');
    this.bounds = options;
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    super.set(sid, session, (error?: unknown) => {
      if (error) return callback?.(error);
      this.bound(sid, (session as Tagged)[CLIENT]).then(
        () => callback?.(),
        (failure: unknown) => callback?.(failure),
      );
    });
  }

  /**
   * Adds one to the whole number the stored session `sid` holds under `key`, in one statement: its new value, or
   * undefined when the session is not stored yet. Read, add one and let express-session write the session back,
   * and concurrent requests of one session each write their own sum: the last one wins, the others are lost.
   */
  async increment(sid: string, key: string): Promise<number | undefined> {
    const { rows } = await this.bounds.query(
      `update "session"
         set sess = jsonb_set(sess::jsonb, array[$2::text], to_jsonb(coalesce((sess ->> $2)::int, 0) + 1))::json
       where sid = $1
       returning (sess ->> $2)::int as value`,
      [sid, key],
    );
    return rows.length > 0 ? Number(rows[0].value) : undefined;
  }

  // express-session makes the new session object itself: give it the old one's client.
  override regenerate(request: Request, callback: (err?: unknown) => unknown): void {
    const client = (request.session as Tagged | undefined)?.[CLIENT];
    super.regenerate(request, (error?: unknown) => {
      if (client !== undefined && request.session) setSessionClient(request.session, client);
      callback(error);
    });
  }

  /**
   * Tags the saved session with its client and deletes what is over either bound; `sid` itself always stays.
   * Concurrent saves must not deadlock: the tag is a statement of its own (one row), and each delete locks only
   * the rows it deletes, skipping any another statement holds (that one is deleting it, or it was just used), so
   * no statement here waits for a row while it holds another. A skipped row is only kept a little longer.
   */
  private async bound(sid: string, client: string | undefined): Promise<void> {
    if (client !== undefined) {
      await this.bounds.query(
        `update "session" set client = $2 where sid = $1 and client is distinct from $2`,
        [sid, client],
      );
      await this.deleteOverBound(
        `client = $2 and sid <> $1`,
        [sid, client],
        this.bounds.maxSessionsPerClient,
      );
    }
    await this.deleteOverBound(`sid <> $1`, [sid], this.bounds.maxSessions);
  }

  /** Deletes the sessions matching `where` past the `keep - 1` most recently used (`expire` moves with each use). */
  private async deleteOverBound(where: string, values: unknown[], keep: number): Promise<void> {
    const offset = `$${values.length + 1}`;
    await this.bounds.query(
      `delete from "session" where sid in (
         select sid from "session" where sid in (
           select sid from "session" where ${where} order by expire desc, seq desc offset ${offset})
         for update skip locked)`,
      [...values, keep - 1],
    );
  }
}
