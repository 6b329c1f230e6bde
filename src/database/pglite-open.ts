import { join, resolve } from 'node:path';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';

export interface OpenPglite {
  lock: DataDirLock;
  client: PgliteThread;
}

/** Locks DATA_DIR, then opens its PGlite database in a thread of its own. */
async function lockAndOpen(dataDir: string): Promise<OpenPglite> {
  const lock = await lockDataDir(dataDir);
  try {
    return { lock, client: await PgliteThread.open(join(lock.dir, 'pglite')) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

let early: { dataDir: string; opening: Promise<OpenPglite> } | undefined;

/**
 * main.ts, before it loads the app: PGlite opens (~0.3 s of Postgres starting) in its thread while the main
 * thread loads the app's modules. The database module then takes this opening instead of starting its own.
 */
export function startOpeningPglite(dataDir: string): void {
  const opening = lockAndOpen(dataDir);
  opening.catch(() => undefined); // reported when the database module takes it
  early = { dataDir: resolve(dataDir), opening };
}

/** DATA_DIR's database: the early opening when main.ts started one for this folder, else a new one. */
export function openPglite(dataDir: string): Promise<OpenPglite> {
  if (early?.dataDir === resolve(dataDir)) {
    const { opening } = early;
    early = undefined;
    return opening;
  }
  return lockAndOpen(dataDir);
}
