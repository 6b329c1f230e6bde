import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './database.types';

export const MIGRATIONS_FOLDER = resolve(__dirname, '..', '..', 'drizzle');

export interface DatabaseOptions {
  /** `postgres://…` selects a PostgreSQL server; otherwise PGlite keeps its files in `dataDir`. */
  url?: string;
  dataDir: string;
  logger?: DrizzleLogger;
}

/** An open database: the Drizzle client plus what the app needs around it. */
export interface DatabaseConnection {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<unknown>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  return options.url
    ? openPostgres(options.url, options.logger)
    : openPglite(options.dataDir, options.logger);
}

async function openPglite(dataDir: string, logger?: DrizzleLogger): Promise<DatabaseConnection> {
  const lock = await lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(join(lock.dir, 'pglite'));
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite(client, { logger });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }).then(() => undefined),
    ping: () => client.query('select 1'),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function openPostgres(url: string, logger?: DrizzleLogger): Promise<DatabaseConnection> {
  // Fail fast when the server is away instead of letting requests queue behind a dead pool: a connection
  // takes at most 2 s; the server cancels a statement after 5 s, and the client gives up 1 s later when the
  // server cannot even say so (unreachable). A client that failed is dropped and the next query reconnects,
  // so the app recovers by itself when the server is back (see database-errors.ts for the 503 mapping).
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2_000,
    statement_timeout: 5_000,
    query_timeout: 6_000,
    keepAlive: true,
  });
  pool.on('error', () => undefined); // an idle client dropped by the server; the next query reconnects
  const db = drizzlePostgres(pool, { logger });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Several instances may start at once: one applies the migrations, the others wait.
      // The advisory lock belongs to a session, so lock, migrate and unlock on one client.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    ping: () => pool.query('select 1'),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
