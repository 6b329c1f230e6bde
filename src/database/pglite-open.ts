import { join, resolve } from 'node:path';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';

export interface OpenPglite {
  lock: DataDirLock;
  client: PgliteThread;
}

/** Locks DATA_DIR, then opens its PGlite database in a thread of its own; `started` once the thread is. */
async function lockAndOpen(dataDir: string, started?: () => void): Promise<OpenPglite> {
  const lock = await lockDataDir(dataDir);
  const opened = PgliteThread.open(join(lock.dir, 'pglite'));
  started?.();
  try {
    return { lock, client: await opened };
  } catch (error) {
    lock.release();
    throw error;
  }
}

let early: { dataDir: string; opening: Promise<OpenPglite> } | undefined;

/**
 * main.ts, before it loads the app: PGlite opens (~0.3 s of Postgres starting) in its thread while the main
 * thread loads the app's modules. The database module then takes this opening instead of starting its own.
 * Resolves once the thread has started, or once there will be none (the lock was refused: the database module
 * reports that, as it would have without this).
 */
export function startOpeningPglite(dataDir: string): Promise<void> {
  let threadStarted!: () => void;
  const started = new Promise<void>((resolve) => (threadStarted = resolve));
  const opening = lockAndOpen(dataDir, threadStarted);
  const settled = opening.then(
    () => undefined,
    () => undefined,
  );
  early = { dataDir: resolve(dataDir), opening };
  return Promise.race([started, settled]);
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
