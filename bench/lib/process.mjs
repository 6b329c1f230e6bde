/* global fetch, AbortSignal -- Node 20 globals, not in the shared ESLint config */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';

/** Processes started by this run and still running: killed on the way out whatever happens. */
const running = new Map();
/** Sends `signal` to the child, or to its whole process group (the child and what it started) when it leads one. */
function signaller(child, group) {
  return (signal) => {
    try {
      if (group) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // gone already
    }
  };
}
function track(child, group = false) {
  running.set(child, signaller(child, group));
  child.once('exit', () => running.delete(child));
}
export function stopAll() {
  for (const kill of running.values()) kill('SIGKILL');
}
process.on('exit', stopAll);
// Interrupted (Ctrl-C, a CI timeout): Node would exit without 'exit' handlers and leave the servers running.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopAll();
    process.exit(1);
  });
}

/** A port the kernel just gave out on 127.0.0.1 (free again once this resolves). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a command to its end (killed after timeoutMs); resolves with its exit code, output and duration. With
 * `group`, it leads a process group and the kill reaches what it started too (Jest's workers, which a killed Jest
 * leaves running otherwise).
 */
export function run(command, args, { cwd, env, timeoutMs = 120_000, group = false } = {}) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: group,
    });
    track(child, group);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => signaller(child, group)('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, output, ms: performance.now() - startedAt });
    });
  });
}

/** Resident memory of a process now and its peak so far (Linux /proc), in MiB; undefined elsewhere. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples the process's resident memory while `work` runs; the highest value seen, in MiB. */
export async function peakRssDuring(pid, work) {
  let peak = memoryOf(pid)?.rss ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid)?.rss ?? 0)), 25);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until its answer is the one awaited (`awaited(status, body)`); the time it first was. Rejects when the
 * process exits first or the time is up.
 */
export async function waitForAnswer(url, child, timeoutMs, awaited, expected) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (awaited(response.status, await response.text())) return performance.now();
    } catch {
      // not listening yet, or restarting
    }
    await sleep(5);
  }
  throw new Error(`no ${expected} from ${url} within ${timeoutMs} ms`);
}

/** Polls `url` until it answers 200 (waitForAnswer). */
export function waitFor200(url, child, timeoutMs) {
  return waitForAnswer(url, child, timeoutMs, (status) => status === 200, '200');
}

/**
 * Starts `node [nodeArgs] script` (or `command [nodeArgs] script`, e.g. `npm start`) on a free loopback port (PORT
 * env), output to `logFile`, and waits for a 200 from `readyPath`. The result knows its url and pid, how long it
 * took, and how to stop (SIGTERM, then SIGKILL). With `group`, it leads a process group and every signal goes to
 * the group: what it starts (npm's script, dev.mjs's app) stops with it.
 */
export async function startServer({
  script,
  command = process.execPath,
  nodeArgs = [],
  env = {},
  readyPath = '/',
  logFile,
  cwd,
  group = false,
  timeoutMs = 60_000,
}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const startedAt = performance.now();
  const child = spawn(command, [...nodeArgs, script], {
    cwd,
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', out, out, ...(command === process.execPath ? ['ipc'] : [])],
    detached: group,
  });
  closeSync(out);
  track(child, group);
  const kill = signaller(child, group);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    const readyAt = await waitFor200(url + readyPath, child, timeoutMs);
    return { url, port, child, pid: child.pid, startMs: readyAt - startedAt, stop };
  } catch (error) {
    await stop();
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
    throw new Error(`${script}: ${error.message}\n--- ${logFile} (tail) ---\n${tail}`);
  }
}

/** Sends a message over the IPC channel and resolves with the child's first answer. */
export function ask(child, message) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(message)}`)), 5_000);
    child.once('message', (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    child.send(message);
  });
}
