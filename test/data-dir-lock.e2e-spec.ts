import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_LOCK_FILE } from '../src/database/data-dir-lock';
import { ROOT } from './utils/paths';
import { runUntilExit, type ServerProcess, startServer } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';
import { TEST_JWT_SECRET } from './utils/test-app';

/** `npm run db:migrate` without the build: `node dist/migrate.js`. */
async function runMigrate(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(ROOT, 'dist/migrate.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

/** Demo user alice's login: the accounts stay when the demo goes. */
const login = (url: string) =>
  fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'alice-password' }),
  });

function lockHolderPid(dataDir: string): number {
  return (JSON.parse(readFileSync(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')) as { pid: number }).pid;
}

describe('one process per DATA_DIR (node dist/main.js twice on one PGlite folder)', () => {
  const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'nest-lock-')));
  const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false' };
  let first: ServerProcess | undefined;

  beforeAll(() => copyTemplateDatabase(dataDir));

  afterAll(async () => {
    await first?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should refuse a second app and db:migrate in one line naming DATA_DIR and the pid, and keep the first serving', async () => {
    first = await startServer(env);
    const refusal = `DATA_DIR ${dataDir} is in use by another process (pid ${first.child.pid} on host`;

    const second = await runUntilExit(env);
    const migrate = await runMigrate(env);

    for (const { code, output } of [second, migrate]) {
      expect(code).toBe(1);
      expect(output.split('\n').filter((line) => line.includes('DATA_DIR'))).toEqual([
        expect.stringMatching(/FATAL \[(Bootstrap|Migrate)\]/),
      ]);
      expect(output).toContain(refusal);
      expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(output).not.toMatch(/Listening on/);
    }
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    expect((await login(first.url)).status).toBe(200); // a request that reads the database
    expect(lockHolderPid(dataDir)).toBe(first.child.pid);
  }, 60_000);

  it('should take over the lock of an app killed with SIGKILL, and release it on SIGTERM', async () => {
    const killed = first!;
    expect(await killed.stop('SIGKILL')).toBeNull();
    expect(lockHolderPid(dataDir)).toBe(killed.child.pid); // left behind: nothing runs on kill -9

    const next = await startServer(env);
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
    expect(lockHolderPid(dataDir)).toBe(next.child.pid);
    expect(await next.stop('SIGTERM')).toBe(0);

    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
  }, 60_000);

  it('should let db:migrate run once the folder is free, and say so', async () => {
    const migrate = await runMigrate(env);

    expect(migrate.code).toBe(0);
    expect(migrate.output).toMatch(/INFO \[Migrate\]: Database is up to date/);
  }, 60_000);
});
