import { cpSync } from 'node:fs';
import { basename } from 'node:path';
import { DATA_DIR_LOCK_FILE } from '../../src/database/data-dir-lock';
import { TEMPLATE_DB_DIR } from './paths';

/** Whether a file in a data folder is its lock or one of the lock's temporary companions. */
export function isDataDirLockFile(path: string): boolean {
  return basename(path).startsWith(DATA_DIR_LOCK_FILE);
}

/**
 * Copies the migrated, seeded template database into `dataDir`. Never its lock files: the copy belongs to whoever
 * opens it next, not to the process that made the template (global setup checks that one released it anyway).
 */
export function copyTemplateDatabase(dataDir: string): void {
  cpSync(TEMPLATE_DB_DIR, dataDir, { recursive: true, filter: (source) => !isDataDirLockFile(source) });
}
