import { readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { appEnv, DEVELOPMENT, freshDataDir, logFile } from '../lib/app.mjs';
import { unlessQuick } from '../lib/mode.mjs';
import { run, startServer, waitForAnswer } from '../lib/process.mjs';
import { median } from '../lib/report.mjs';
import { createScratchProject } from '../lib/scratch.mjs';

const RUNS = Number(process.env.BENCH_BOOT_RUNS ?? unlessQuick(5, 1));
const NPM_START_BAR_MS = 2_000;
const DEV_CHANGE_BAR_MS = 2_500;
const TIMEOUT_MS = 60_000;
const CATS_SERVICE = join('src', 'cats', 'cats.service.ts');
const SERVED_TEXT = 'This action returns a #${id} cat';

const note = (times) => `median of ${times.length}: ${times.map(Math.round).join(', ')} ms`;

/**
 * Starts `command script` in the scratch copy, in development on the benchmark's data, as the leader of a process
 * group (npm's script and dev.mjs's app stop with it); resolves once `/health` answers 200.
 */
function startInScratch(scratch, name, command, script) {
  return startServer({
    command,
    script,
    cwd: scratch.root,
    // npm runs scripts with the first `node` on PATH: this one, so that a run under another Node measures it.
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
      ...appEnv({ ...DEVELOPMENT, DATA_DIR: scratch.dataDir }),
    },
    readyPath: '/health',
    logFile: logFile(name),
    group: true,
    timeoutMs: TIMEOUT_MS,
  });
}

/** Start to the first `/health` 200, RUNS times. */
async function timeStarts(scratch, name, command, script) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const server = await startInScratch(scratch, name, command, script);
    times.push(server.startMs);
    await server.stop();
  }
  return times;
}

/** `npm run start:dev`: a one-line change to src/cats/cats.service.ts, to the new text served; RUNS times. */
async function timeDevChanges(scratch) {
  const file = join(scratch.root, CATS_SERVICE);
  const original = readFileSync(file, 'utf8');
  if (!original.includes(SERVED_TEXT)) throw new Error(`${CATS_SERVICE} no longer returns "${SERVED_TEXT}"`);
  const dev = await startInScratch(scratch, 'restart-dev', process.execPath, 'scripts/dev.mjs');
  try {
    const times = [];
    for (let i = 1; i <= RUNS; i += 1) {
      const changed = `This action returns cat #\${id}, change ${i}`;
      const changedAt = performance.now();
      writeFileSync(file, original.replace(SERVED_TEXT, changed));
      const text = changed.replace('${id}', '1');
      const servedAt = await waitForAnswer(
        `${dev.url}/cats/1`,
        dev.child,
        TIMEOUT_MS,
        (_status, body) => body === text,
        `"${text}"`,
      );
      times.push(servedAt - changedAt);
    }
    return times;
  } finally {
    writeFileSync(file, original);
    await dev.stop();
  }
}

/**
 * The restart loop of a developer, in a scratch copy of the project (it edits src/): `npm start` with nothing
 * changed, and `npm run start:dev` serving a one-line change; against the app's boot from `node dist/main.js`
 * with the same data and configuration.
 */
export default {
  name: 'restart',
  async run() {
    const scratch = { ...createScratchProject(), dataDir: await freshDataDir('restart') };
    try {
      const build = await run(process.execPath, ['scripts/build.mjs'], { cwd: scratch.root });
      if (build.code !== 0) throw new Error(`scripts/build.mjs failed:\n${build.output}`);
      const boots = await timeStarts(scratch, 'restart-boot', process.execPath, 'dist/main.js');
      const starts = await timeStarts(scratch, 'restart-npm-start', 'npm', 'start');
      const changes = await timeDevChanges(scratch);
      const boot = median(boots);
      const row = (target, times) => ({
        target,
        ms: median(times),
        note: note(times),
        baseline: 'node dist/main.js',
        ratio: median(times) / boot,
      });
      return {
        rows: [
          { target: 'node dist/main.js to first /health 200 (development)', ms: boot, note: note(boots) },
          row('npm start, nothing changed, to first /health 200', starts),
          row('npm run start:dev, a one-line change to the new answer', changes),
        ],
        checks: [
          {
            bar: 'npm start, nothing changed < 2 s',
            measured: `${Math.round(median(starts))} ms`,
            pass: median(starts) < NPM_START_BAR_MS,
          },
          {
            bar: 'start:dev serves a one-line change < 2.5 s',
            measured: `${Math.round(median(changes))} ms`,
            pass: median(changes) < DEV_CHANGE_BAR_MS,
          },
        ],
      };
    } finally {
      scratch.remove();
    }
  },
};
