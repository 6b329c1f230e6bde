import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
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

function spawnMain(env: Record<string, string>, root: string) {
  const child = spawn(process.execPath, [join(root, 'dist', 'main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Runs the built app (`node dist/main.js`) as a real process and waits until it listens. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 20_000,
  root = ROOT,
): Promise<ServerProcess> {
  const { child, output } = spawnMain(env, root);
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

/** Runs the built app and waits for it to exit on its own (a start that must fail). */
export async function runUntilExit(env: Record<string, string>, timeoutMs = 20_000): Promise<ExitedProcess> {
  const { child, output } = spawnMain(env, ROOT);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output: output() };
}
