import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileChanges } from './file-changes';
import { generateMigration, startEarly } from './generate';

const ROOT = join(__dirname, '..', '..');

/** Resolves once `path` exists; fails after `ms`. */
async function writtenWithin(path: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} not written within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('startEarly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'start-early-'));
  const file = (name: string) => join(dir, name);
  /** A "package" to preload (an absolute path resolves like one): it leaves a mark when it is loaded. */
  const preloadable = file('preloadable.cjs');
  writeFileSync(preloadable, `require('node:fs').writeFileSync(${JSON.stringify(file('preloaded'))}, '');`);
  /** The script: copies what the generator wrote (input) to its output, so the test sees what it read and when. */
  const script = file('script.cjs');
  writeFileSync(
    script,
    `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(file('ran'))}, fs.readFileSync(${JSON.stringify(file('input'))}, 'utf8'));`,
  );
  const throwing = file('throwing.cjs');
  writeFileSync(throwing, "throw new Error('the schema could not be built');");
  // How generate-typings.ts fails: an exit code set, no exception.
  const exitCode = file('exit-code.cjs');
  writeFileSync(exitCode, "console.error('typings not written'); process.exitCode = 1;");

  afterEach(() => {
    for (const name of ['preloaded', 'ran', 'input']) rmSync(file(name), { force: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should load the packages at once and run the script only at run(), on the tree as it is by then', async () => {
    const early = startEarly(ROOT, { script, preload: [preloadable] });
    await writtenWithin(file('preloaded'));
    expect(existsSync(file('ran'))).toBe(false);
    writeFileSync(file('input'), 'written after the start');

    await early.run();

    expect(readFileSync(file('ran'), 'utf8')).toBe('written after the start');
  });

  it('should end without running the script when cancelled', async () => {
    const early = startEarly(ROOT, { script, preload: [preloadable] });
    await writtenWithin(file('preloaded'));

    await early.cancel();

    expect(existsSync(file('ran'))).toBe(false);
  });

  it('should end without running the script when its generator goes away (stdin closed, no line)', () => {
    execFileSync(
      process.execPath,
      ['-r', './scripts/register-swc.cjs', join(__dirname, 'load-then-run.cjs'), script],
      {
        cwd: ROOT,
        input: '',
      },
    );

    expect(existsSync(file('ran'))).toBe(false);
  });

  it.each([
    ['throws', throwing, /throwing\.cjs failed \(exit 1\):[\s\S]*the schema could not be built/],
    ['sets a failing exit code', exitCode, /exit-code\.cjs failed \(exit 1\):[\s\S]*typings not written/],
  ])("should reject run() with the script's output when it %s", async (_how, failing, message) => {
    await expect(startEarly(ROOT, { script: failing, preload: [] }).run()).rejects.toThrow(message);
  });

  it('should reject run() with the reason when a package to load is missing', async () => {
    writeFileSync(file('input'), 'never read');

    await expect(startEarly(ROOT, { script, preload: ['no-such-package'] }).run()).rejects.toThrow(
      /Cannot find module 'no-such-package'/,
    );
    expect(existsSync(file('ran'))).toBe(false);
  });
});

describe('generateMigration', () => {
  const root = mkdtempSync(join(tmpdir(), 'generate-migration-'));
  /** A stand-in for drizzle-kit in `root`: runs `body` (Node) when called. */
  const drizzleKit = (body: string) => {
    mkdirSync(join(root, 'node_modules', 'drizzle-kit'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'), body);
  };
  const generate = () => generateMigration(root, new FileChanges(root), 'create_kettles');

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('should say so when drizzle-kit stopped to ask about a schema change of the user (no terminal)', async () => {
    drizzleKit(
      "console.error('Error: Interactive prompts require a TTY terminal (process.stdin.isTTY or process.stdout.isTTY is false).'); process.exitCode = 1;",
    );

    await expect(generate()).rejects.toThrow(
      /it stopped to ask about a schema change that has no migration yet .*run `npm run db:generate`/,
    );
  });

  it("should pass drizzle-kit's own failure on as it is", async () => {
    drizzleKit("console.error('src/kettles/kettles.table.ts: Unexpected token'); process.exitCode = 1;");

    await expect(generate()).rejects.toThrow(/failed:\nsrc\/kettles\/kettles\.table\.ts: Unexpected token/);
  });

  it('should give the hint when drizzle-kit wrote nothing and said why not', async () => {
    drizzleKit("console.log('No schema changes, nothing to migrate');");

    await expect(generate()).rejects.toThrow(/already hold this table: choose another name/);
  });
});
