import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { authors } from '../../src/authors/authors.table';
import { openDatabase } from '../../src/database/database.client';
import { posts } from '../../src/posts/posts.table';
import { startServer } from '../utils/server-process';
import { TEST_JWT_SECRET } from '../utils/test-app';

async function countDemoRows(dataDir: string) {
  const connection = await openDatabase({ dataDir });
  try {
    const { db } = connection;
    return { authors: await db.$count(authors), posts: await db.$count(posts) };
  } finally {
    await connection.close();
  }
}

// The demo's authors and posts as the server process seeds them (test/server.e2e-spec.ts checks its users).
describe('the demo data of the server process (node dist/main.js)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-server-demo-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('should seed the demo authors and posts into an empty data directory, and none twice on restart', async () => {
    const first = await startServer(env, 60_000);
    expect(await first.stop()).toBe(0);
    expect(await countDemoRows(dataDir)).toEqual({ authors: 3, posts: 4 });

    const connection = await openDatabase({ dataDir });
    await connection.db.execute(
      sql`insert into authors (first_name, last_name) values ('Edsger', 'Dijkstra')`,
    );
    await connection.close();
    const second = await startServer(env, 60_000);
    expect(await second.stop()).toBe(0);

    expect(await countDemoRows(dataDir)).toEqual({ authors: 4, posts: 4 });
  }, 150_000);

  it('should not seed them when SEED_DEMO is false', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'nest-noseed-demo-'));
    const server = await startServer({ ...env, DATA_DIR: emptyDir, SEED_DEMO: 'false' }, 60_000);
    expect(await server.stop()).toBe(0);

    expect(await countDemoRows(emptyDir)).toEqual({ authors: 0, posts: 0 });
    rmSync(emptyDir, { recursive: true, force: true });
  }, 90_000);
});
