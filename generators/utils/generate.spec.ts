import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEarly } from './generate';

const ROOT = join(__dirname, '..', '..');
const REGISTER = ['-r', join(ROOT, 'scripts', 'register-swc.cjs')];

describe('startEarly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'start-early-'));
  const marker = join(dir, 'ran');
  /** A script that records that it ran, and whether its preloaded package was in the cache by then. */
  const script = join(dir, 'script.cjs');
  writeFileSync(
    script,
    `require('node:fs').writeFileSync(${JSON.stringify(marker)}, String(Object.keys(require.cache).some((file) => file.includes('/node_modules/pluralize/'))));`,
  );
  const failing = join(dir, 'failing.cjs');
  writeFileSync(failing, "throw new Error('the schema could not be built');");

  afterEach(() => rmSync(marker, { force: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should load the packages at once and run the script only at run(), on what is there by then', async () => {
    const early = startEarly(ROOT, [...REGISTER, script], ['pluralize']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(marker)).toBe(false);

    await early.run();

    expect(readFileSync(marker, 'utf8')).toBe('true');
  });

  it('should end without running the script when cancelled', async () => {
    const early = startEarly(ROOT, [...REGISTER, script], []);

    await early.cancel();

    expect(existsSync(marker)).toBe(false);
  });

  it("should reject run() with the script's own output when it fails", async () => {
    await expect(startEarly(ROOT, [...REGISTER, failing], []).run()).rejects.toThrow(
      /failing\.cjs failed:[\s\S]*the schema could not be built/,
    );
  });

  it('should reject run() with the reason when a package to load is missing', async () => {
    await expect(startEarly(ROOT, [...REGISTER, script], ['no-such-package']).run()).rejects.toThrow(
      /Cannot find module 'no-such-package'/,
    );
    expect(existsSync(marker)).toBe(false);
  });
});
