import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client, Pool } from 'pg';
import { PROJECT_ROOT } from '../common/project-root';
import { openPglite } from './pglite-open';
import { postgresConnection } from './postgres-connection';
import { PostgresListener } from './postgres-listener';
import { transactionOnOwnClient } from './postgres-transaction';
import type { Database } from './database.types';

export const MIGRATIONS_FOLDER = resolve(PROJECT_ROOT, 'drizzle');

export interface DatabaseOptions {
  /** `postgres://…` selects a PostgreSQL server; otherwise PGlite keeps its files in `dataDir`. */
  url?: string;
  dataDir: string;
  logger?: DrizzleLogger;
  /** PostgreSQL only: connections the pool opens at most. */
  poolMax?: number;
  /** PostgreSQL only: the server cancels a statement after this many milliseconds. */
  statementTimeoutMs?: number;
}

export const DEFAULT_POOL_MAX = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** The shape of node-postgres's `query(text, values)`, which PGlite shares. */
export type RawQuery = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** An open database: the Drizzle client plus what the app needs around it. */
export interface DatabaseConnection {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** How many migrations of drizzle/ the database has not applied (0 once migrate() has run). */
  pendingMigrations(): Promise<number>;
  ping(): Promise<unknown>;
  /** A statement through the driver's own client, for libraries that speak pg's API (the session store). */
  query: RawQuery;
  /**
   * LISTEN: `onPayload` gets each NOTIFY payload sent on `channel` by any client of the database (every instance
   * on one PostgreSQL). Resolves once listening; the function it resolves to stops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

let migrationTimes: number[] | undefined;

/**
 * Drizzle's own rule, as its migrator applies it: a migration is pending when it is newer (its journal time) than
 * the last one recorded in drizzle.__drizzle_migrations. Reads the journal once per process.
 */
async function countPendingMigrations(query: Query): Promise<number> {
  migrationTimes ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis);
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as recorded");
  let lastApplied = Number.NEGATIVE_INFINITY;
  if (rows[0]?.recorded) {
    const [{ last }] = (await query('select max(created_at) as last from drizzle.__drizzle_migrations')).rows;
    if (last !== null && last !== undefined) lastApplied = Number(last);
  }
  return migrationTimes.filter((time) => time > lastApplied).length;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  return options.url
    ? openPostgres(options.url, options)
    : openPgliteDatabase(options.dataDir, options.logger);
}

async function openPgliteDatabase(dataDir: string, logger?: DrizzleLogger): Promise<DatabaseConnection> {
  const { lock, client } = await openPglite(dataDir);
  // The thread offers what Drizzle's PGlite driver calls (query, transaction).
  const db = drizzlePglite(client as unknown as PGlite, { logger });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }).then(() => undefined),
    pendingMigrations: () => countPendingMigrations((text) => client.query(text)),
    ping: () => client.query('select 1'),
    // Looked up at each call, not bound once, so that a test double of the client's query sees these too.
    query: (text, values) => client.query(text, values),
    // PGlite is one connection, in this process's database thread: its NOTIFY reaches its own LISTEN. The
    // thread's stop and close do nothing once it is closed.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function openPostgres(
  url: string,
  {
    logger,
    poolMax = DEFAULT_POOL_MAX,
    statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
  }: Omit<DatabaseOptions, 'url' | 'dataDir'>,
): Promise<DatabaseConnection> {
  // Fail fast when the server is away instead of letting requests queue behind a dead pool: a connection
  // takes at most 2 s (postgresConnection); the server cancels a statement after DATABASE_STATEMENT_TIMEOUT_MS, and the client gives
  // up 1 s later when the server cannot even say so (unreachable). A client that failed is dropped and the next
  // query reconnects, so the app recovers by itself when the server is back (database-errors.ts: the 503s).
  const pool = new Pool({
    ...postgresConnection(url),
    max: poolMax,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
  });
  pool.on('error', () => undefined); // an idle client dropped by the server; the next query reconnects
  // A checked-out client (a transaction's) whose connection ends under it (a restart, pg_terminate_backend) emits
  // 'error' too, which with no listener ends the process; its statement fails on its own, and so the transaction.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePostgres(pool, { logger });
  db.transaction = transactionOnOwnClient(pool, { logger });
  // Made here, at the start, so that its connection belongs to no request; that connection is opened at the first
  // listen(): an instance that nobody subscribes to holds no extra one.
  const listener = new PostgresListener(url, (error) =>
    new Logger('PostgresListener').warn(`LISTEN connection lost, reconnecting: ${error.message}`),
  );
  let closed = false;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Several instances may start at once: one applies the migrations, the others wait. The advisory lock
      // belongs to a session, so lock, migrate and unlock on one client: a client of its own, without the
      // requests' time limits, since a migration may take minutes (an index on a big table) and so may the wait.
      const client = new Client(postgresConnection(url));
      client.on('error', () => undefined); // a connection lost mid-migration: the statement in flight fails
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    pendingMigrations: () => countPendingMigrations((text) => pool.query(text)),
    ping: () => pool.query('select 1'),
    query: (text, values) => pool.query(text, values),
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close: async () => {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}
