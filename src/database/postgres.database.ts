import { Logger } from '@nestjs/common';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import {
  countPendingMigrations,
  type DatabaseConnection,
  type DatabaseOptions,
  DEFAULT_POOL_MAX,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  MIGRATIONS_FOLDER,
} from './database.client';
import { postgresConnection } from './postgres-connection';
import { PostgresListener } from './postgres-listener';
import { transactionOnOwnClient } from './postgres-transaction';

/** A PostgreSQL server: a pool for the requests, a client of its own for migrations and one for LISTEN. */
export async function openPostgres(
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
