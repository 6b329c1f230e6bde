import type { PGlite } from '@electric-sql/pglite';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { countPendingMigrations, type DatabaseConnection, MIGRATIONS_FOLDER } from './database.client';
import { openPglite } from './pglite-open';

/** The embedded database: PGlite in this process's database thread, its files in `dataDir`. */
export async function openPgliteDatabase(
  dataDir: string,
  logger?: DrizzleLogger,
): Promise<DatabaseConnection> {
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
