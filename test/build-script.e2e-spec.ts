import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './utils/paths';

/** A decorated class whose constructor takes another source's class, a file to delete later, and two to skip. */
const SOURCES = {
  'src/clock.ts': 'export class Clock {\n  now(): number {\n    return 1;\n  }\n}\n',
  'src/greeter/greeter.ts': [
    "import { Clock } from '../clock';",
    'const Injectable = (): ClassDecorator => () => undefined;',
    '@Injectable()',
    'export class Greeter {',
    '  constructor(private readonly clock: Clock, private readonly name: string) {}',
    '  greet(): string {',
    '    return `hello ${this.name} at ${this.clock.now()}`;',
    '  }',
    '}',
  ].join('\n'),
  'src/legacy/banner.ts': "export const BANNER = 'legacy';\n",
  'src/greeter/greeter.spec.ts': "it('is never compiled', () => undefined);\n",
  'src/globals.d.ts': 'declare const BUILD_ID: string;\n',
};

/** Every file under `dir`, relative to it, sorted. */
const filesIn = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => statSync(join(dir, file)).isFile())
    .sort();

const sorted = ({ compiled, removed }: { compiled: string[]; removed: string[] }) => ({
  compiled: [...compiled].sort(),
  removed: [...removed].sort(),
});

/**
 * `build(root)`, called in a plain Node process: build.mjs is an ES module with a top-level await, which Jest's
 * CommonJS transform cannot load.
 */
function build(root: string): { compiled: string[]; removed: string[] } {
  const script = `
    import { build } from ${JSON.stringify(pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href)};
    console.log(JSON.stringify(await build(${JSON.stringify(root)})));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString());
}

/** Loads the compiled Greeter in a plain Node process (reflect-metadata first, as main.ts has it via Nest). */
function runGreeter(dist: string): { greeting: string; paramtypes: string[] } {
  const script = `
    const { Greeter } = require(${JSON.stringify(join(dist, 'greeter', 'greeter.js'))});
    const { Clock } = require(${JSON.stringify(join(dist, 'clock.js'))});
    const paramtypes = Reflect.getMetadata('design:paramtypes', Greeter);
    console.log(JSON.stringify({
      greeting: new Greeter(new Clock(), 'Ada').greet(),
      paramtypes: paramtypes.map((type) => (type === Clock ? 'the compiled Clock' : type.name)),
    }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['-r', 'reflect-metadata', '-e', script], { cwd: ROOT }).toString(),
  );
}

describe('scripts/build.mjs (incremental SWC build of src/ into dist/)', () => {
  const root = mkdtempSync(join(tmpdir(), 'nest-build-'));
  const dist = join(root, 'dist');
  const modified = (file: string) => statSync(join(root, file)).mtimeMs;

  beforeAll(() => {
    for (const [file, text] of Object.entries(SOURCES)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('should compile every source, and no spec or declaration, into dist/ with a source map each', () => {
    const result = build(root);

    expect(sorted(result)).toEqual({
      compiled: ['src/clock.ts', 'src/greeter/greeter.ts', 'src/legacy/banner.ts'],
      removed: [],
    });
    expect(filesIn(dist)).toEqual([
      '.swc-build.json',
      'clock.js',
      'clock.js.map',
      'greeter/greeter.js',
      'greeter/greeter.js.map',
      'legacy/banner.js',
      'legacy/banner.js.map',
    ]);
    const compiled = readFileSync(join(dist, 'greeter', 'greeter.js'), 'utf8');
    expect(compiled.trimEnd().split('\n').at(-1)).toBe('//# sourceMappingURL=greeter.js.map');
    const map = JSON.parse(readFileSync(join(dist, 'greeter', 'greeter.js.map'), 'utf8'));
    expect(map).toMatchObject({ version: 3, sources: ['../../src/greeter/greeter.ts'] });
  });

  it('should emit code that runs under Node and carries design:paramtypes (decorator metadata on)', () => {
    expect(runGreeter(dist)).toEqual({
      greeting: 'hello Ada at 1',
      paramtypes: ['the compiled Clock', 'String'],
    });
  });

  it('should compile nothing, and rewrite nothing, when no source changed', () => {
    const before = filesIn(dist).map((file) => modified(join('dist', file)));

    expect(build(root)).toEqual({ compiled: [], removed: [] });
    expect(filesIn(dist).map((file) => modified(join('dist', file)))).toEqual(before);
  });

  it('should recompile only the source that changed', () => {
    const greeterBuilt = modified('dist/greeter/greeter.js');
    writeFileSync(join(root, 'src/clock.ts'), SOURCES['src/clock.ts'].replace('return 1', 'return 2'));

    expect(build(root)).toEqual({ compiled: ['src/clock.ts'], removed: [] });
    expect(modified('dist/greeter/greeter.js')).toBe(greeterBuilt);
    expect(runGreeter(dist).greeting).toBe('hello Ada at 2');
  });

  it('should recompile a source put back with an older time (a backup), whose output is newer than it', () => {
    const clock = join(root, 'src/clock.ts');
    const before = readFileSync(clock, 'utf8');
    const { atime, mtime } = statSync(clock);
    writeFileSync(clock, before.replace('return 2', 'return 3'));
    expect(build(root)).toEqual({ compiled: ['src/clock.ts'], removed: [] });

    writeFileSync(clock, before);
    utimesSync(clock, atime, mtime);

    expect(build(root)).toEqual({ compiled: ['src/clock.ts'], removed: [] });
    expect(runGreeter(dist).greeting).toBe('hello Ada at 2');
  });

  it('should compile again a source that failed, and one whose output was deleted', () => {
    const banner = join(root, 'src/legacy/banner.ts');
    writeFileSync(banner, 'export const BANNER = ;\n');
    expect(() => build(root)).toThrow();

    writeFileSync(banner, SOURCES['src/legacy/banner.ts']);
    rmSync(join(dist, 'clock.js'));

    expect(sorted(build(root))).toEqual({ compiled: ['src/clock.ts', 'src/legacy/banner.ts'], removed: [] });
    expect(build(root)).toEqual({ compiled: [], removed: [] });
  });

  it('should recompile every source when SWC or its options changed since the last build', () => {
    // As an upgraded @swc/core or an edited scripts/swc-options.cjs would leave it: the sources have not changed.
    const fingerprint = join(dist, '.swc-build.json');
    writeFileSync(fingerprint, JSON.stringify({ swc: '0.0.0', options: {} }));

    expect(sorted(build(root)).compiled).toEqual([
      'src/clock.ts',
      'src/greeter/greeter.ts',
      'src/legacy/banner.ts',
    ]);
    expect(JSON.parse(readFileSync(fingerprint, 'utf8')).swc).not.toBe('0.0.0');
    expect(build(root)).toEqual({ compiled: [], removed: [] });
  });

  it("should remove a deleted source's .js and .js.map, and leave dist/'s other files (tsc's) alone", () => {
    // What `npm run build` (tsc, tsconfig.build.json) may have left in dist/ beside the SWC output.
    const tscFiles = ['.tsbuildinfo', 'legacy/banner.d.ts'];
    for (const file of tscFiles) writeFileSync(join(dist, file), '{}');
    rmSync(join(root, 'src/legacy/banner.ts'));

    expect(sorted(build(root))).toEqual({
      compiled: [],
      removed: ['dist/legacy/banner.js', 'dist/legacy/banner.js.map'],
    });
    expect(filesIn(dist)).toEqual([
      '.swc-build.json',
      '.tsbuildinfo',
      'clock.js',
      'clock.js.map',
      'greeter/greeter.js',
      'greeter/greeter.js.map',
      'legacy/banner.d.ts',
    ]);
  });

  it('should remove the folders a deleted feature leaves empty, and no other', () => {
    const source = join(root, 'src/farewell/words/farewell.ts');
    mkdirSync(dirname(source), { recursive: true });
    writeFileSync(source, "export const FAREWELL = 'bye';\n");
    build(root);
    rmSync(join(root, 'src/farewell'), { recursive: true });

    expect(build(root).removed).toHaveLength(2);
    expect(existsSync(join(dist, 'farewell'))).toBe(false);
    // legacy/ keeps tsc's declaration, greeter/ its module.
    expect(existsSync(join(dist, 'legacy'))).toBe(true);
    expect(existsSync(join(dist, 'greeter'))).toBe(true);
  });
});
