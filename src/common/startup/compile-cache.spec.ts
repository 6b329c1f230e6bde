import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCacheFolders, enableCompileCache } from './compile-cache';

const ENABLED = 1;
const ALREADY_ENABLED = 2;
const FAILED = 0;

describe(enableCompileCache.name, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const enabling = (status = ENABLED) => jest.fn((directory?: string) => ({ status, directory }));

  it('should do nothing on Node 20, which has no compile cache', () => {
    const folder = join(scratch, 'node20');

    expect(enableCompileCache({}, null, [folder])).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
  });

  it('should do nothing with NODE_DISABLE_COMPILE_CACHE', () => {
    const enable = enabling();

    expect(enableCompileCache({ NODE_DISABLE_COMPILE_CACHE: '1' }, enable, [scratch])).toBeUndefined();
    expect(enable).not.toHaveBeenCalled();
  });

  it('should use the first folder it can write, creating it', () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const enable = enabling();
    const folder = join(scratch, 'cache', 'nested');

    expect(enableCompileCache({}, enable, [join(file, 'cache'), folder])).toBe(folder);
    expect(enable).toHaveBeenCalledTimes(1);
    expect(enable).toHaveBeenCalledWith(folder);
  });

  it('should take a cache Node has already enabled (NODE_COMPILE_CACHE at start)', () => {
    expect(enableCompileCache({}, enabling(ALREADY_ENABLED), [scratch])).toBe(scratch);
  });

  it('should try the next folder when Node refuses one, and be off, silently, when it refuses all', () => {
    const enable = jest.fn((directory?: string) => ({
      status: directory === scratch ? FAILED : ENABLED,
      directory,
    }));
    const fallback = join(scratch, 'fallback');

    expect(enableCompileCache({}, enable, [scratch, fallback])).toBe(fallback);
    expect(enableCompileCache({}, enabling(FAILED), [scratch])).toBeUndefined();
    expect(
      enableCompileCache(
        {},
        () => {
          throw new Error('no cache');
        },
        [scratch],
      ),
    ).toBeUndefined();
  });
});

describe(compileCacheFolders.name, () => {
  it('should use NODE_COMPILE_CACHE alone when it is set', () => {
    expect(compileCacheFolders({ NODE_COMPILE_CACHE: '/var/cache/app' })).toEqual(['/var/cache/app']);
  });

  it("should prefer the project's node_modules/.cache, then the temporary folder", () => {
    expect(compileCacheFolders({})).toEqual([
      expect.stringMatching(/node_modules\/\.cache\/nest-starter-kit$/),
      join(tmpdir(), 'nest-starter-kit-compile-cache'),
    ]);
  });
});
