import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../src/database/database.client';
import { users } from '../src/users/users.table';
import { ROOT } from './utils/paths';

/**
 * `npm run db:migrate` without the build (`node dist/migrate.js`), in a folder of its own so that no `.env` of
 * the checkout is read. Only the variables given: no NODE_ENV unless a test sets it.
 */
async function migrate(env: Record<string, string>, cwd: string): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(ROOT, 'dist/migrate.js')], {
    cwd,
    env: { PATH: process.env.PATH, ...env },
  });
  return stdout + stderr;
}

async function usernames(dataDir: string): Promise<string[]> {
  const connection = await openDatabase({ dataDir });
  try {
    const rows = await connection.db.select({ username: users.username }).from(users);
    return rows.map((row) => row.username).sort();
  } finally {
    await connection.close();
  }
}

describe('npm run db:migrate', () => {
  const folder = mkdtempSync(join(tmpdir(), 'nest-migrate-'));
  const dataDir = join(folder, 'data');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('should apply the migrations and insert no demo data without SEED_DEMO=true, even without NODE_ENV', async () => {
    const output = await migrate({ DATA_DIR: dataDir }, folder);

    expect(output).toMatch(/Database is up to date; no demo data \(SEED_DEMO=true inserts it\)/);
    expect(await usernames(dataDir)).toEqual([]);
  }, 60_000);

  it('should insert no demo data with SEED_DEMO=false either', async () => {
    await migrate({ DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false' }, folder);

    expect(await usernames(dataDir)).toEqual([]);
  }, 60_000);

  it('should insert the demo data when SEED_DEMO=true is set, and only once', async () => {
    const output = await migrate({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, folder);
    await migrate({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, folder);

    expect(output).toMatch(/Database is up to date; demo data inserted where missing \(SEED_DEMO=true\)/);
    expect(await usernames(dataDir)).toEqual(['alice', 'bob']);
  }, 60_000);
});
