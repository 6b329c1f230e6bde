// `npm run start:dev`: builds dist/ (build.mjs), runs `node dist/main.js`, and on every change under src/
// rebuilds what changed and restarts the app once the old process has exited (PGlite allows one process per
// DATA_DIR). A one-line change is served again in about the app's boot time: the build takes milliseconds.
// No type check here: run `npm run typecheck` (or your editor's) beside it.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { build, ROOT } from './build.mjs';

const DEBOUNCE_MS = 50;
const KILL_AFTER_MS = 10_000;
const log = (message) => console.log(`[dev] ${message}`);

let app;
/** The exit of the app stopped last: a stop that finds no app running still waits for it. */
let stopping = Promise.resolve();
let timer;
let closing = false;
let building = Promise.resolve();

function start() {
  if (closing) return;
  app = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Resolves when the running app has exited (SIGTERM, then SIGKILL if it does not close in time), or, with none
 * running, the one a restart is stopping: a signal in the middle of a restart must not exit before it does.
 */
function stop() {
  const child = app;
  app = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return stopping;
  stopping = new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
  return stopping;
}

/** Files the app reads as they are at start: changed, they need a restart and no compile. */
const READ_AT_START = ['.graphql'];
/** Such files changed since the last restart. */
let changedAsIs = new Set();

async function rebuild() {
  const started = performance.now();
  const { compiled, removed } = await build();
  const changed = [...compiled, ...removed, ...changedAsIs];
  changedAsIs = new Set();
  if (changed.length === 0) return;
  log(`${changed.join(', ')} (${Math.round(performance.now() - started)} ms): restarting`);
  await stop();
  start();
}

// Changes often come in bursts (an editor's save, a git checkout): one rebuild after the last of them.
watch(join(ROOT, 'src'), { recursive: true }, (_event, file) => {
  if (!file || file.endsWith('.spec.ts')) return;
  if (READ_AT_START.some((extension) => file.endsWith(extension))) changedAsIs.add(join('src', file));
  else if (!file.endsWith('.ts')) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    building = building.then(rebuild).catch((error) => log(`build failed: ${error.message}`));
  }, DEBOUNCE_MS);
});

// Stopping: no restart from here on (a rebuild in progress included), and the app closes before this exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    closing = true;
    clearTimeout(timer);
    void stop().then(() => process.exit(0));
  });
}

const { compiled } = await build();
log(`${compiled.length} files compiled; watching src/`);
start();
