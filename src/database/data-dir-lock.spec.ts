import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { StartupError } from '../common/errors/startup-error';
import { DATA_DIR_LOCK_FILE, type DataDirLock, lockDataDir, takeoverGuardFile } from './data-dir-lock';

const ROOT = resolve(__dirname, '..', '..');
const MODULE = join(__dirname, 'data-dir-lock.ts');

/** The pid of a process that has exited (and been reaped): what a lock file says after kill -9. */
function pidOfExitedProcess(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

function lockContent(pid: number, host = hostname()): string {
  return JSON.stringify({
    pid,
    hostname: host,
    startedAt: '2026-01-01T00:00:00.000Z',
    token: `token-${pid}`,
  });
}

/** Node running TypeScript from this checkout, as the app's processes do once built. */
function spawnNode(script: string, dataDir: string): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['-r', join(ROOT, 'scripts/register-swc.cjs'), '-e', script], {
    cwd: ROOT,
    env: { ...process.env, MODULE, DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe(lockDataDir.name, () => {
  let parent: string;
  let dataDir: string;
  let lockFile: string;
  const locks: DataDirLock[] = [];

  const lock = async (dir = dataDir) => {
    const taken = await lockDataDir(dir);
    locks.push(taken);
    return taken;
  };

  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
    dataDir = join(parent, 'data');
    lockFile = join(dataDir, DATA_DIR_LOCK_FILE);
  });

  afterEach(() => {
    for (const taken of locks.splice(0)) taken.release();
    rmSync(parent, { recursive: true, force: true });
  });

  it('should create DATA_DIR and a lock file naming this process', async () => {
    const taken = await lock();

    expect(taken.file).toBe(lockFile);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
    });
    expect(readdirSync(dataDir)).toEqual([DATA_DIR_LOCK_FILE]); // no temporary file left behind
  });

  it('should refuse a DATA_DIR locked by a running process, naming DATA_DIR, the folder and its pid', async () => {
    mkdirSync(dataDir);
    writeFileSync(lockFile, lockContent(process.ppid));

    const refused = lockDataDir(dataDir);

    await expect(refused).rejects.toThrow(StartupError);
    await expect(refused).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another process (pid ${process.ppid} on host ${hostname()}`,
    );
    expect(readFileSync(lockFile, 'utf8')).toBe(lockContent(process.ppid));
  });

  it('should refuse a second lock on the same DATA_DIR in this process', async () => {
    await lock();

    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is already open in this process (pid ${process.pid})`,
    );
  });

  it('should never take over the lock of a process on another host, whose pid it cannot check', async () => {
    mkdirSync(dataDir);
    writeFileSync(lockFile, lockContent(pidOfExitedProcess(), 'another-host'));

    await expect(lockDataDir(dataDir)).rejects.toThrow(
      /is locked by another process \(pid \d+ on host another-host/,
    );
  });

  it('should take over the lock of a process that is gone (kill -9)', async () => {
    mkdirSync(dataDir);
    writeFileSync(lockFile, lockContent(pidOfExitedProcess()));

    await lock();

    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readdirSync(dataDir)).toEqual([DATA_DIR_LOCK_FILE]);
  });

  it("should take over a lock file with this process's pid that this process did not write (a restarted container)", async () => {
    mkdirSync(dataDir);
    writeFileSync(lockFile, lockContent(process.pid));

    await lock();

    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readFileSync(lockFile, 'utf8')).not.toBe(lockContent(process.pid));
  });

  it.each([
    ['an empty file', ''],
    ['text that is not JSON', 'garbage'],
    ['a pid of 0, which would signal a process group', lockContent(0)],
    ['no host', JSON.stringify({ pid: process.ppid })],
  ])('should take over a lock file that is not a lock it wrote: %s', async (_case, content) => {
    mkdirSync(dataDir);
    writeFileSync(lockFile, content);

    await lock();

    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('should clear a takeover left half done by a process that died, then take the lock over', async () => {
    mkdirSync(dataDir);
    const stale = lockContent(pidOfExitedProcess());
    writeFileSync(lockFile, stale);
    writeFileSync(takeoverGuardFile(lockFile, stale), lockContent(pidOfExitedProcess()));

    await lock();

    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readdirSync(dataDir)).toEqual([DATA_DIR_LOCK_FILE]);
  });

  it('should leave a stale lock to a running process that is taking it over, and refuse its new lock', async () => {
    mkdirSync(dataDir);
    const stale = lockContent(pidOfExitedProcess());
    const guard = takeoverGuardFile(lockFile, stale);
    writeFileSync(lockFile, stale);
    writeFileSync(guard, lockContent(process.ppid));

    const attempt = lockDataDir(dataDir);
    // The other process completes its takeover: its own lock replaces the stale one.
    writeFileSync(lockFile, lockContent(process.ppid));
    rmSync(guard);

    await expect(attempt).rejects.toThrow(`is in use by another process (pid ${process.ppid}`);
  });

  it('should let exactly one of several processes take over the same stale lock', async () => {
    mkdirSync(dataDir);
    writeFileSync(lockFile, lockContent(pidOfExitedProcess()));
    // Each child loads the module, says it is ready, and tries the lock when told; then holds it until stdin ends.
    const script = `
      const { lockDataDir } = require(process.env.MODULE);
      process.stdin.once('data', () => lockDataDir(process.env.DATA_DIR).then(
        () => console.log('locked'),
        (error) => console.log('refused: ' + error.message),
      ));
      process.stdin.on('end', () => process.exit(0));
      console.log('ready');`;
    const children = Array.from({ length: 4 }, () => spawnNode(script, dataDir));
    await until(() => children.every((child) => child.output().includes('ready')));

    for (const child of children) child.stdin!.write('go\n');
    await until(() => children.every((child) => /locked|refused/.test(child.output())));
    const winners = children.filter((child) => child.output().includes('locked'));
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
    for (const child of children) {
      child.stdin!.end();
      await once(child, 'exit');
    }

    expect(winners.map((child) => child.pid)).toEqual([holder.pid]);
    for (const child of children.filter((child) => child !== winners[0])) {
      expect(child.output()).toContain(
        `refused: DATA_DIR ${dataDir} is in use by another process (pid ${holder.pid}`,
      );
    }
  }, 60_000);

  it('should delete its lock file on release, once, and let DATA_DIR be locked again', async () => {
    const taken = await lockDataDir(dataDir);

    taken.release();
    expect(existsSync(lockFile)).toBe(false);
    await lock();
    taken.release(); // a late second release must not delete the new lock

    expect(existsSync(lockFile)).toBe(true);
  });

  it('should not delete a lock file that another process wrote in its place', async () => {
    const taken = await lockDataDir(dataDir);
    writeFileSync(lockFile, lockContent(process.ppid));

    taken.release();

    expect(readFileSync(lockFile, 'utf8')).toBe(lockContent(process.ppid));
  });

  it('should release its lock when the process exits without closing the database', async () => {
    const child = spawnNode(
      `require(process.env.MODULE).lockDataDir(process.env.DATA_DIR).then(() => {
        console.log(require('node:fs').existsSync(process.env.DATA_DIR + '/${DATA_DIR_LOCK_FILE}'));
        process.exit(3);
      });`,
      dataDir,
    );
    const [code] = (await once(child, 'exit')) as [number];

    expect({ code, output: child.output() }).toEqual({ code: 3, output: 'true\n' });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('should name DATA_DIR and the reason when it cannot be created', async () => {
    const file = join(parent, 'a-file');
    writeFileSync(file, '');

    await expect(lockDataDir(join(file, 'data'))).rejects.toThrow(
      new StartupError(
        `DATA_DIR ${join(file, 'data')} is not a usable folder: ENOTDIR: not a directory, mkdir '${join(file, 'data')}'`,
      ),
    );
  });

  // root writes into a read-only folder regardless of its mode, so this case can only be shown as another user.
  const itUnlessRoot = process.getuid?.() === 0 ? it.skip : it;
  itUnlessRoot('should name DATA_DIR and the reason when it is not writable', async () => {
    mkdirSync(dataDir, { mode: 0o555 });

    await expect(lockDataDir(dataDir)).rejects.toThrow(
      new RegExp(`^DATA_DIR ${dataDir} is not writable: EACCES: permission denied`),
    );
  });
});
