import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/database/database.client';
import { users } from '../src/users/users.table';
import { connectWs, subscribeWs } from './utils/graphql-ws';
import { forgeJwt } from './utils/jwt';
import { ROOT } from './utils/paths';
import { PROBE_SERVER_SCRIPT, startServer, startSilentServer } from './utils/server-process';
import { TEST_JWT_SECRET } from './utils/test-app';

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function countUsers(dataDir: string): Promise<number> {
  const connection = await openDatabase({ dataDir });
  try {
    return await connection.db.$count(users);
  } finally {
    await connection.close();
  }
}

// The built app (node dist/main.js), and the app with the test-only probe (test/fixtures/probe) where a test
// needs a route of its own: a slow request, a subscription. test/demo/server.e2e-spec.ts checks the demo's rows.
describe('the server process (node dist/main.js)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-server-'));
  const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET };
  const startProbeServer = (probeEnv: Record<string, string>) =>
    startServer(probeEnv, 60_000, ROOT, PROBE_SERVER_SCRIPT);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('should create, migrate and seed an empty data directory, then stop cleanly on SIGTERM', async () => {
    const server = await startServer(env, 60_000);

    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await countUsers(dataDir)).toBe(2); // alice and bob
  }, 90_000);

  it('should keep written data and add no duplicate demo rows on restart', async () => {
    const connection = await openDatabase({ dataDir });
    // A row written while the app was down: a restart keeps it and seeds nothing twice.
    await connection.db.insert(users).values({ username: 'carol', passwordHash: 'not-a-hash' });
    await connection.close();

    const server = await startServer(env);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(await server.stop()).toBe(0);

    expect(await countUsers(dataDir)).toBe(3);
  }, 60_000);

  it('should let a request in flight finish on SIGTERM, refuse new connections meanwhile, then exit 0', async () => {
    const server = await startProbeServer(env);
    const port = Number(new URL(server.url).port);
    let answered = false;
    const slow = fetch(`${server.url}/probe/wait?ms=1500`).finally(() => (answered = true));
    await until(() => server.output().includes('GET /probe/wait?ms=1500 started'), 5_000, 'it started');

    const exited = server.stop('SIGTERM');
    await until(() => isRefused(port), 1_000, 'new connections are refused');
    expect(answered).toBe(false); // refused while the slow request was still running
    const response = await slow;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waited: 1500 });
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/SIGTERM received/);
  }, 60_000);

  it('should stop the app when `npm start` gets SIGTERM: the script execs node, so the signal reaches it', async () => {
    // npm runs a script through `sh -c`, which does not pass signals on: without `exec` the app outlived npm.
    // Its own process group, so that the clean-up below also reaches an app that npm left behind.
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    for (const stream of [npm.stdout, npm.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
    const exited = once(npm, 'exit');
    try {
      await until(() => /Listening on http:\/\/localhost:\d+/.test(output), 60_000, 'npm start listens');
      const port = Number(/Listening on http:\/\/localhost:(\d+)/.exec(output)?.[1]);
      // npm puts node_modules/.bin first in PATH: the project's pinned Node, not the system's, runs the app.
      const pinnedNode = execFileSync(join(ROOT, 'node_modules/.bin/node'), ['--version']).toString().trim();
      expect(output).toContain(`(Node ${pinnedNode})`);

      npm.kill('SIGTERM');
      await exited;

      await until(() => isRefused(port), 5_000, 'the app has stopped listening');
      expect(output).toMatch(/SIGTERM received/);
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the whole group has exited
      }
    }
  }, 90_000);

  it('should close GraphQL subscriptions with 1001 on SIGTERM and still exit 0 promptly', async () => {
    const server = await startProbeServer(env);
    const now = Math.floor(Date.now() / 1000);
    const token = forgeJwt(
      { sub: 1, username: 'alice', roles: ['admin'], iat: now, exp: now + 60 },
      { secret: TEST_JWT_SECRET },
    );
    const { client, connected, closed } = connectWs(`${server.url.replace(/^http/, 'ws')}/graphql`, {
      Authorization: `Bearer ${token}`,
    });
    await connected;
    const results = subscribeWs(client, 'subscription { probeNoteAdded { id } }');
    const pending = results.next();

    const started = Date.now();
    const exited = server.stop('SIGTERM');

    await expect(closed).resolves.toEqual({ code: 1001, reason: 'Server shutting down' });
    await expect(pending).rejects.toBeDefined();
    expect(await exited).toBe(0);
    // SHUTDOWN_DELAY_SECONDS is 0: the WebSocket adds no wait of its own to the shutdown.
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('should answer /health/ready 503 from SIGTERM on, serve SHUTDOWN_DELAY_SECONDS longer, and close at a second signal', async () => {
    const server = await startProbeServer({ ...env, SHUTDOWN_DELAY_SECONDS: '300' });
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);

    server.child.kill('SIGTERM');
    await until(
      async () => (await fetch(`${server.url}/health/ready`)).status === 503,
      5_000,
      '/health/ready answers 503',
    );
    // Draining, not closed: the load balancer stops sending traffic while the instance still serves it.
    expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
    expect((await fetch(`${server.url}/probe`)).status).toBe(200);

    // A second signal cuts the 300 s short (this test's time-out would fail it otherwise).
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toMatch(/SIGTERM received: not ready; closing in 300 s/);
  }, 60_000);

  it('should print warnings but no line per request at LOG_LEVEL=warn', async () => {
    const server = await startSilentServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });

    expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    // The one warning of this start (no JWT_SECRET), and nothing at the log level: no start-up lines, no
    // "GET /health/live started".
    expect(server.output()).toMatch(/WARN.*JWT_SECRET is not set/);
    expect(server.output()).not.toMatch(/ LOG /);
  });

  it('should not seed when SEED_DEMO is false', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'nest-noseed-'));
    const server = await startServer({ ...env, DATA_DIR: emptyDir, SEED_DEMO: 'false' }, 60_000);
    expect(await server.stop()).toBe(0);

    expect(await countUsers(emptyDir)).toBe(0);
    rmSync(emptyDir, { recursive: true, force: true });
  }, 90_000);
});
