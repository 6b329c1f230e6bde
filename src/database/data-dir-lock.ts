import { createHash, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../common/errors/startup-error';

/**
 * The lock file in DATA_DIR. Its temporary companions (`.tmp`, `.takeover-…`) start with the same name, so
 * whatever copies a data folder can leave them all out.
 */
export const DATA_DIR_LOCK_FILE = 'data-dir.lock';

/** What a lock file says about the process holding it. */
interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Makes every lock file's content unique: a takeover is keyed on it. */
  token: string;
}

export interface DataDirLock {
  /** DATA_DIR, resolved. */
  readonly dir: string;
  readonly file: string;
  /** Deletes the lock file; later calls do nothing. */
  release(): void;
}

const ATTEMPTS = 100;
const PAUSE_MS = 20;

// The locks this process holds, by lock file, with their content. It tells a second open of the same DATA_DIR in
// this process (refused) from a lock file with our pid left by an earlier process (a restarted container's pid 1).
const held = new Map<string, string>();

/**
 * Creates DATA_DIR if needed and locks it for this process: PGlite is single-process, and a second process on the
 * same files hands out the same ids and loses the first one's writes.
 *
 * Written by hand rather than with proper-lockfile: that one judges a lock stale by the age of a heartbeat the
 * holder refreshes on a timer, so a start after kill -9 waits out the stale period, a holder whose event loop is
 * blocked (PGlite runs in it) loses its lock, and it records no pid to name in the refusal. Here the lock file names
 * its process, and a lock whose process is gone (kill -9, a crash) is taken over at once.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  let dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
    dir = realpathSync(dir); // one lock whatever symlinks lead here
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not a usable folder: ${messageOf(error)}`);
  }
  const file = join(dir, DATA_DIR_LOCK_FILE);
  const own = JSON.stringify({
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  } satisfies LockHolder);

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createExclusive(file, own, dir)) {
      if (held.size === 0) process.on('exit', releaseAll);
      held.set(file, own);
      return { dir, file, release: () => release(file, own) };
    }
    const content = readIfExists(file, dir);
    if (content === undefined) continue; // released meanwhile
    const holder = parseHolder(content);
    if (holder && isRunning(holder, held.has(file))) throw new StartupError(refusal(dir, holder));
    // Left by a process that is gone, or not a lock we wrote (garbage): take it over.
    if (!removeIfUnchanged(file, content, own, dir)) await sleep(PAUSE_MS);
  }
  throw new StartupError(`DATA_DIR ${dir} could not be locked: other processes keep taking ${file} over`);
}

/**
 * Writes the content in full before the file appears (a temporary file, then a hard link, which fails if the
 * name exists): no process ever reads a half-written lock and takes it for garbage.
 */
function createExclusive(file: string, content: string, dir: string): boolean {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, content, { flag: 'wx' });
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not writable: ${messageOf(error)}`);
  }
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw new StartupError(`DATA_DIR ${dir}: cannot create ${file}: ${messageOf(error)}`);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Deletes `file` only if it still holds `stale`. Two processes can find the same stale lock; deleting it blindly
 * could delete the fresh lock the faster one has just made. So a takeover first creates a guard file named after
 * the stale content: one process gets it and deletes the stale lock, the others retry. A guard left by a taker
 * that died is stale content in turn, cleared the same way. Returns false when another process is at it.
 */
function removeIfUnchanged(file: string, stale: string, own: string, dir: string): boolean {
  const guard = takeoverGuardFile(file, stale);
  if (!createExclusive(guard, own, dir)) {
    const taker = readIfExists(guard, dir);
    const takerHolder = taker === undefined ? undefined : parseHolder(taker);
    if (taker !== undefined && !(takerHolder && isRunning(takerHolder, false))) {
      removeIfUnchanged(guard, taker, own, dir);
    }
    return false;
  }
  try {
    if (readIfExists(file, dir) === stale) rmSync(file, { force: true });
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

/** The guard a process creates while it deletes `file`, found holding `stale` content. */
export function takeoverGuardFile(file: string, stale: string): string {
  return `${file}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
}

/**
 * Whether the process named by a lock file still runs. A pid that was reused by an unrelated process counts as
 * running: the start is refused, which is safe, and the message names the pid to check.
 */
function isRunning(holder: LockHolder, heldHere: boolean): boolean {
  if (holder.hostname !== hostname()) return true; // another machine's processes cannot be checked: never steal
  if (holder.pid === process.pid) return heldHere;
  try {
    process.kill(holder.pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    return codeOf(error) !== 'ESRCH'; // EPERM: it runs, as another user
  }
}

function refusal(dir: string, holder: LockHolder): string {
  if (holder.pid === process.pid && holder.hostname === hostname()) {
    return `DATA_DIR ${dir} is already open in this process (pid ${holder.pid})`;
  }
  const who = `pid ${holder.pid} on host ${holder.hostname}, started ${holder.startedAt}`;
  if (holder.hostname !== hostname()) {
    return `DATA_DIR ${dir} is locked by another process (${who}); if it no longer runs, delete ${join(dir, DATA_DIR_LOCK_FILE)}`;
  }
  return `DATA_DIR ${dir} is in use by another process (${who}): stop it or use another DATA_DIR`;
}

function parseHolder(content: string): LockHolder | undefined {
  try {
    const value = JSON.parse(content) as Partial<LockHolder>;
    const valid =
      Number.isSafeInteger(value.pid) &&
      value.pid! > 0 && // 0 and negative pids would signal process groups
      typeof value.hostname === 'string' &&
      typeof value.startedAt === 'string' &&
      typeof value.token === 'string';
    return valid ? (value as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

function readIfExists(file: string, dir: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw new StartupError(`DATA_DIR ${dir}: cannot read ${file}: ${messageOf(error)}`);
  }
}

function release(file: string, own: string): void {
  if (held.get(file) !== own) return;
  held.delete(file);
  if (held.size === 0) process.off('exit', releaseAll);
  try {
    if (readFileSync(file, 'utf8') === own) rmSync(file, { force: true }); // never another process's lock
  } catch {
    // gone already: nothing of ours to delete
  }
}

// kill -9 skips this; the next start then finds the pid gone and takes the lock over.
function releaseAll(): void {
  for (const [file, own] of held) release(file, own);
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

// Not `instanceof Error`: Node's own errors fail it inside Jest's sandbox.
function messageOf(error: unknown): string {
  const message = (error as Error | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}
