// `node scripts/build.mjs`: src/ → dist/ with SWC (the options of Jest and register-swc.cjs, decorator metadata
// on), for `npm start`, `npm run start:dev`, the tests and the benchmarks. Incremental: dist/.swc-build.json records
// the SWC version and options and, for each source, the modification time and size it had when it was compiled; a
// source whose stamp differs (edited, restored from a backup with an older time, saved while it compiled) or whose
// output is gone is compiled again, and the outputs of deleted sources are removed, so an unchanged tree builds in
// a few milliseconds; another SWC version or other options rebuild everything. No type check: that is `npm run
// typecheck` (tsc --noEmit); `npm run build` stays tsc.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';
import swcOptionsModule from './swc-options.cjs';

const { swcOptions } = swcOptionsModule;
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `dir`, recursively (none if it does not exist). */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** What tsconfig.build.json compiles: src/**\/*.ts, specs and declarations left out. */
const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts');

/** The project's SWC options, with the source maps the build writes beside each file. */
const BUILD_OPTIONS = { ...swcOptions, sourceMaps: true };
/** What the output depends on besides its source: when it changes, every file is out of date. */
const COMPILER = JSON.stringify({ swc: swc.version, options: BUILD_OPTIONS });
const RECORD_FILE = '.swc-build.json';

/** A source as it is now; taken before it is read, so a save during the compile leaves a stamp that differs. */
function stampOf(file) {
  const { mtimeMs, size } = statSync(file);
  return `${mtimeMs}:${size}`;
}

/** The last build's record: the stamp each source had when compiled, if the compiler is still the same. */
function readRecord(file) {
  try {
    const { swc: version, options, sources } = JSON.parse(readFileSync(file, 'utf8'));
    return JSON.stringify({ swc: version, options }) === COMPILER && sources ? sources : {};
  } catch {
    return {};
  }
}

async function compile(source, output) {
  const { code, map } = await swc.transformFile(source, {
    ...BUILD_OPTIONS,
    sourceFileName: relative(dirname(output), source),
  });
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(`${output}.map`, map);
  writeFileSync(output, `${code}\n//# sourceMappingURL=${basename(output)}.map\n`);
}

/** Removes `folder` if it is empty, then each parent that becomes empty, up to `root` (kept). */
function removeEmptyFolders(folder, root) {
  for (
    let dir = folder;
    dir !== root && existsSync(dir) && readdirSync(dir).length === 0;
    dir = dirname(dir)
  ) {
    rmdirSync(dir);
  }
}

/** Brings dist/ up to date with src/; resolves with the files compiled and removed. */
export async function build(root = ROOT) {
  const src = join(root, 'src');
  const dist = join(root, 'dist');
  const recordFile = join(dist, RECORD_FILE);
  const compiledFrom = readRecord(recordFile);
  const outputs = new Set();
  const sources = {};
  const stale = [];
  for (const source of filesUnder(src).filter(isSource)) {
    const name = relative(src, source);
    const output = join(dist, name).replace(/\.ts$/, '.js');
    outputs.add(output).add(`${output}.map`);
    const stamp = stampOf(source);
    if (compiledFrom[name] === stamp && existsSync(output)) sources[name] = stamp;
    else stale.push({ source, output, name, stamp });
  }
  const results = await Promise.allSettled(stale.map(({ source, output }) => compile(source, output)));
  // Only what compiled is recorded: a file that failed (a syntax error) is compiled again next time.
  stale.forEach(({ name, stamp }, i) => {
    if (results[i].status === 'fulfilled') sources[name] = stamp;
  });
  if (stale.length > 0 || Object.keys(compiledFrom).length !== Object.keys(sources).length) {
    mkdirSync(dist, { recursive: true });
    writeFileSync(recordFile, JSON.stringify({ ...JSON.parse(COMPILER), sources }));
  }
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  // A deleted (or renamed) source leaves no module behind that the app could still load.
  const removed = filesUnder(dist).filter(
    (file) => (file.endsWith('.js') || file.endsWith('.js.map')) && !outputs.has(file),
  );
  for (const file of removed) rmSync(file);
  // …nor an empty folder (dist/books/dto once `plop destroy` has removed the feature).
  for (const folder of new Set(removed.map((file) => dirname(file)))) removeEmptyFolders(folder, dist);
  return {
    compiled: stale.map(({ source }) => relative(root, source)),
    removed: removed.map((f) => relative(root, f)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { compiled, removed } = await build();
  const ms = Math.round(performance.now() - started);
  console.log(`build: ${compiled.length} compiled, ${removed.length} removed (${ms} ms)`);
}
