import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseConnection, openDatabase } from '../../src/database/database.client';
import { TEMPLATE_DB_DIR } from './paths';
import { createSuiteDatabase } from './postgres';

/**
 * A migrated, seeded database for repository-level tests, without an app: a copy of the PGlite template, or with
 * TEST_DATABASE_URL a clone of the PostgreSQL template (the same two drivers the app runs on).
 */
export async function createTestDatabase(): Promise<DatabaseConnection & { dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-db-'));
  cpSync(TEMPLATE_DB_DIR, dataDir, { recursive: true });
  const postgres = process.env.TEST_DATABASE_URL
    ? await createSuiteDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const connection = await openDatabase({ url: postgres?.url, dataDir });
  return Object.assign(connection, {
    dispose: async () => {
      await connection.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
