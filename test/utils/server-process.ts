import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './paths';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ExitedProcess {
  code: number | null;
  output: string;
}

/** The app with the test-only probe (test/fixtures/probe), for startServer's `script`. */
export const PROBE_SERVER_SCRIPT = join('test', 'fixtures', 'probe', 'main.cjs');

/** `node <script>` in `root`: the built app by default, or a script that runs it (scripts/dev.mjs). */
function spawnApp(env: Record<string, string>, root: string, cwd = root, script = join('dist', 'main.js')) {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd,
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/**
 * Runs the built app (`node dist/main.js`, or `node <script>` for a script that starts it) as a real process
 * and waits until it listens.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 20_000,
  root = ROOT,
  script?: string,
): Promise<ServerProcess> {
  const { child, output } = spawnApp(env, root, root, script);
  const exit = once(child, 'exit');
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), timeoutMs);
    const onData = () => {
      const match = /Listening on http:\/\/localhost:(\d+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    void exit.then(() => reject(new Error(`server exited before listening:\n${output()}`)));
  });
  return handle(child, output, exit, port);
}

/** A free port on 127.0.0.1, for a server that will not print the one it got. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * startServer for a start that prints nothing (e.g. LOG_LEVEL=warn): the app gets a free port, and it is ready
 * at its first 200 from /health.
 */
export async function startSilentServer(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const port = String(await freePort());
  const { child, output } = spawnApp({ ...env, PORT: port }, ROOT);
  const exit = once(child, 'exit');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited before answering:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /health:\n${output()}`);
    }
    const status = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return handle(child, output, exit, port);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function handle(
  child: ChildProcess,
  output: () => string,
  exit: Promise<unknown[]>,
  port: string,
): ServerProcess {
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const [code] = (await exit) as [number | null];
      return code;
    },
  };
}

/**
 * Waits until the server has printed a line matching `pattern`: in production the app writes its log lines
 * asynchronously, so a line about a request may land just after the response.
 */
export async function untilOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`no output matching ${pattern} in:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Runs the built app (in `cwd`, the project's folder by default) and waits for it to exit on its own (a start that must fail). */
export async function runUntilExit(
  env: Record<string, string>,
  { timeoutMs = 20_000, cwd = ROOT }: { timeoutMs?: number; cwd?: string } = {},
): Promise<ExitedProcess> {
  const { child, output } = spawnApp(env, ROOT, cwd);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output: output() };
}
