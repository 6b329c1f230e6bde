// `node scripts/build.mjs`: src/ → dist/ with SWC (the options of Jest and register-swc.cjs, decorator metadata
// on), for `npm start`, `npm run start:dev`, the tests and the benchmarks. Incremental: a file whose output is
// newer than its source is skipped, and the outputs of deleted sources are removed, so an unchanged tree builds
// in a few milliseconds; another SWC version or other options rebuild everything (dist/.swc-build.json). No type
// check: that is `npm run typecheck` (tsc --noEmit); `npm run build` stays tsc.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
const FINGERPRINT = JSON.stringify({ swc: swc.version, options: BUILD_OPTIONS });
const FINGERPRINT_FILE = '.swc-build.json';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

async function compile(source, output) {
  const { code, map } = await swc.transformFile(source, {
    ...BUILD_OPTIONS,
    sourceFileName: relative(dirname(output), source),
  });
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(`${output}.map`, map);
  writeFileSync(output, `${code}\n//# sourceMappingURL=${basename(output)}.map\n`);
}

/** Brings dist/ up to date with src/; resolves with the files compiled and removed. */
export async function build(root = ROOT) {
  const src = join(root, 'src');
  const dist = join(root, 'dist');
  const fingerprint = join(dist, FINGERPRINT_FILE);
  const sameCompiler = existsSync(fingerprint) && readFileSync(fingerprint, 'utf8') === FINGERPRINT;
  const outputs = new Set();
  const stale = [];
  for (const source of filesUnder(src).filter(isSource)) {
    const output = join(dist, relative(src, source)).replace(/\.ts$/, '.js');
    outputs.add(output).add(`${output}.map`);
    if (!sameCompiler || mtime(output) < mtime(source)) stale.push([source, output]);
  }
  await Promise.all(stale.map(([source, output]) => compile(source, output)));
  // Written once every file is compiled: an interrupted build starts again from the beginning.
  if (!sameCompiler) {
    mkdirSync(dist, { recursive: true });
    writeFileSync(fingerprint, FINGERPRINT);
  }
  // A deleted (or renamed) source leaves no module behind that the app could still load.
  const removed = filesUnder(dist).filter(
    (file) => (file.endsWith('.js') || file.endsWith('.js.map')) && !outputs.has(file),
  );
  for (const file of removed) rmSync(file);
  return {
    compiled: stale.map(([source]) => relative(root, source)),
    removed: removed.map((f) => relative(root, f)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { compiled, removed } = await build();
  const ms = Math.round(performance.now() - started);
  console.log(`build: ${compiled.length} compiled, ${removed.length} removed (${ms} ms)`);
}
