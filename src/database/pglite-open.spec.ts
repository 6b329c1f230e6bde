import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock';
import { openPglite, startOpeningPglite } from './pglite-open';

describe('opening PGlite early (main.ts)', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pglite-open-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("should hand the early opening to the database module's open of the same folder, once", async () => {
    await startOpeningPglite(join(dataDir, '.')); // the same folder, spelled differently

    const { lock, client } = await openPglite(dataDir);
    try {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      // Taken: a second open starts its own, which this process's lock refuses.
      await expect(openPglite(dataDir)).rejects.toThrow(
        `is already open in this process (pid ${process.pid})`,
      );
    } finally {
      await client.close();
      lock.release();
    }
  });

  it('should start no thread when the lock is refused, and leave the refusal to the database module', async () => {
    // Held by a process that runs: ours, the test runner's parent.
    const holder = { pid: process.ppid, hostname: hostname(), startedAt: 'earlier', token: 't' };
    writeFileSync(join(dataDir, DATA_DIR_LOCK_FILE), JSON.stringify(holder));

    await expect(startOpeningPglite(dataDir)).resolves.toBeUndefined();

    await expect(openPglite(dataDir)).rejects.toThrow(`is in use by another process (pid ${process.ppid}`);
  });
});
