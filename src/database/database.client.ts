import { resolve } from 'node:path';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PROJECT_ROOT } from '../common/project-root';
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

export type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

let migrationTimes: number[] | undefined;

/**
 * Drizzle's own rule, as its migrator applies it: a migration is pending when it is newer (its journal time) than
 * the last one recorded in drizzle.__drizzle_migrations. Reads the journal once per process.
 */
export async function countPendingMigrations(query: Query): Promise<number> {
  migrationTimes ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis);
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as recorded");
  let lastApplied = Number.NEGATIVE_INFINITY;
  if (rows[0]?.recorded) {
    const [{ last }] = (await query('select max(created_at) as last from drizzle.__drizzle_migrations')).rows;
    if (last !== null && last !== undefined) lastApplied = Number(last);
  }
  return migrationTimes.filter((time) => time > lastApplied).length;
}

/**
 * Opens the database the options name. Each driver's code (node-postgres, PGlite's Drizzle driver) is loaded only
 * when chosen: a start on one does not pay for loading the other.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on demand, see above */
  if (options.url) {
    const { openPostgres } = require('./postgres.database') as typeof import('./postgres.database');
    return openPostgres(options.url, options);
  }
  const { openPgliteDatabase } = require('./pglite.database') as typeof import('./pglite.database');
  return openPgliteDatabase(options.dataDir, options.logger);
  /* eslint-enable @typescript-eslint/no-require-imports */
}
