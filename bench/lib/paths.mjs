import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH = join(ROOT, 'bench');
export const DIST_MAIN = join(ROOT, 'dist', 'main.js');
