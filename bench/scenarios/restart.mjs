/* global fetch, AbortSignal -- Node 20 globals, not in the shared ESLint config */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { appEnv, copyOfDataDir, DEVELOPMENT, prepareDataDir } from '../lib/app.mjs';
import { freePort, run, waitFor200 } from '../lib/process.mjs';
import { createScratchProject } from '../lib/scratch.mjs';

const RUNS = Number(process.env.BENCH_BOOT_RUNS ?? 5);
const NPM_START_BAR_MS = 2_000;
const DEV_CHANGE_BAR_MS = 2_500;
const TIMEOUT_MS = 60_000;
const CATS_SERVICE = join('src', 'cats', 'cats.service.ts');
const SERVED_TEXT = 'This action returns a #${id} cat';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const note = (times) => `median of ${times.length}: ${times.map(Math.round).join(', ')} ms`;

/** A command in the scratch copy on a free port, in its own process group (npm's child app included). */
async function spawnInScratch(scratch, command, args, env) {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: scratch.root,
    // npm runs the scripts with the first `node` on PATH: this one, so that a run under another Node measures it.
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
      ...appEnv({ ...env, PORT: String(port) }),
    },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return { child, url: `http://127.0.0.1:${port}`, startedAt: performance.now(), stop };
}

/** `npm start` with nothing changed (the incremental build, then the app), to the first `/health` 200. */
async function npmStart(scratch, dataDir) {
  const app = await spawnInScratch(scratch, 'npm', ['start'], { ...DEVELOPMENT, DATA_DIR: dataDir });
  try {
    return (await waitFor200(`${app.url}/health`, app.child, TIMEOUT_MS)) - app.startedAt;
  } finally {
    await app.stop();
  }
}

/** Polls `url` until its body is `text`; the time it first was. */
async function waitForText(url, text, child) {
  const deadline = performance.now() + TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scripts/dev.mjs exited (${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if ((await response.text()) === text) return performance.now();
    } catch {
      // restarting
    }
    await sleep(5);
  }
  throw new Error(`${url} did not answer "${text}" within ${TIMEOUT_MS} ms`);
}

/** `npm run start:dev`: a one-line change to src/cats/cats.service.ts, to the changed text served. */
async function devChanges(scratch, dataDir) {
  const dev = await spawnInScratch(scratch, process.execPath, ['scripts/dev.mjs'], {
    ...DEVELOPMENT,
    DATA_DIR: dataDir,
  });
  const file = join(scratch.root, CATS_SERVICE);
  const original = readFileSync(file, 'utf8');
  if (!original.includes(SERVED_TEXT)) throw new Error(`${CATS_SERVICE} no longer returns "${SERVED_TEXT}"`);
  try {
    await waitFor200(`${dev.url}/health`, dev.child, TIMEOUT_MS);
    const times = [];
    for (let i = 1; i <= RUNS; i += 1) {
      const changed = `This action returns cat #\${id}, change ${i}`;
      const changedAt = performance.now();
      writeFileSync(file, original.replace(SERVED_TEXT, changed));
      times.push(
        (await waitForText(`${dev.url}/cats/1`, changed.replace('${id}', '1'), dev.child)) - changedAt,
      );
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
    await prepareDataDir();
    const scratch = createScratchProject();
    const dataDir = copyOfDataDir('restart');
    try {
      const build = await run(process.execPath, ['scripts/build.mjs'], { cwd: scratch.root });
      if (build.code !== 0) throw new Error(`scripts/build.mjs failed:\n${build.output}`);
      const boots = [];
      for (let i = 0; i < RUNS; i += 1) {
        const app = await spawnInScratch(scratch, process.execPath, ['dist/main.js'], {
          ...DEVELOPMENT,
          DATA_DIR: dataDir,
        });
        boots.push((await waitFor200(`${app.url}/health`, app.child, TIMEOUT_MS)) - app.startedAt);
        await app.stop();
      }
      const starts = [];
      for (let i = 0; i < RUNS; i += 1) starts.push(await npmStart(scratch, dataDir));
      const changes = await devChanges(scratch, dataDir);
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
