import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_MAIN, ROOT } from './paths.mjs';
import { run } from './process.mjs';

const BUILD_INFO = join(ROOT, 'dist', '.tsbuildinfo');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** `npm run build` (tsc) when dist/ is missing or older than a source file. */
export async function ensureBuilt(log) {
  const built = existsSync(DIST_MAIN) && existsSync(BUILD_INFO) ? statSync(BUILD_INFO).mtimeMs : 0;
  if (built >= newestSource(join(ROOT, 'src'))) return;
  log('building dist/ (tsc -p tsconfig.build.json)…');
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const { code, output } = await run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    timeoutMs: 120_000,
  });
  if (code !== 0) {
    // tsc still emits on type errors; the type check is CI's job, the bench only needs runnable output.
    if (!existsSync(DIST_MAIN)) throw new Error(`build failed:\n${output}`);
    log(
      `warning: tsc reported errors (output emitted anyway):\n${output.split('\n').slice(0, 10).join('\n')}`,
    );
  }
}
