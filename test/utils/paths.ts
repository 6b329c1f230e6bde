import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');
export const DIST_MAIN = join(ROOT, 'dist', 'main.js');
export const TEMPLATE_DB_DIR = join(ROOT, 'tmp', 'test-db-template');
