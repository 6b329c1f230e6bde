import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { PROBE_HTTP_SERVER_SCRIPT } from './fixtures/probe/http/server-script';
import { ROOT } from './utils/paths';
import { startServer, type ServerProcess } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';
import { TEST_JWT_SECRET } from './utils/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A route with a path parameter: its log lines show the pattern, the interceptor's the URL. */
const ITEM = '/probe/http/items/1';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Line = Record<string, unknown>;

/** The app as a real process, with the test-only probe's routes (test/fixtures/probe) to log requests of. */
const startProbeServer = (env: Record<string, string>) =>
  startServer(env, 60_000, ROOT, PROBE_HTTP_SERVER_SCRIPT);

describe('logs of the server process (the app with the test-only probe)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-logs-'));
  beforeAll(() => copyTemplateDatabase(dataDir));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('in production: one JSON object per line, no credentials', () => {
    const METRICS_TOKEN = 'metrics-token-3c9e71d2a4';
    const PASSWORD = 'alice-password';
    const WRONG_PASSWORD = 'wrong-password-6b1f';
    const REFRESH_TOKEN = 'refresh-token-9a7c2e55';
    const COOKIE = 'cookie-value-4d8e0f';
    let server: ServerProcess;
    let lines: Line[];
    let token: string;
    let sessionCookie: string;
    const requestIds: Array<string | null> = [];

    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}${path}`, init);
      requestIds.push(response.headers.get('x-request-id'));
      return response;
    };
    let wsUpgradeRequestId: unknown;
    /** A graphql-ws connection to /graphql whose upgrade carries `requestId`, initialised with `authorization`. */
    const openSocket = async (requestId: string, authorization: string) => {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        headers: { 'X-Request-Id': requestId },
      });
      const upgradeRequestId = new Promise((resolve) =>
        socket.once('upgrade', (response) => resolve(response.headers['x-request-id'])),
      );
      const acknowledged = new Promise((resolve) => socket.once('message', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: authorization } }));
      return { socket, upgradeRequestId, acknowledged, closed };
    };
    const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      call(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      server = await startProbeServer({
        NODE_ENV: 'production',
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        // The most verbose level: whatever is logged at all is in the output.
        LOG_LEVEL: 'verbose',
        METRICS_TOKEN,
      });

      // A login, a failed one, and a refresh-style body.
      const login = await postJson('/auth/login', { username: 'alice', password: PASSWORD });
      expect(login.status).toBe(200);
      token = ((await login.json()) as { access_token: string }).access_token;
      expect((await postJson('/auth/login', { username: 'alice', password: WRONG_PASSWORD })).status).toBe(
        401,
      );
      await postJson('/auth/login', { username: 'alice', password: PASSWORD, refresh_token: REFRESH_TOKEN });
      await postJson('/probe/echo', { name: 'Tom', count: 3, refresh_token: REFRESH_TOKEN });

      // The token in a header, in a cookie, in a query string and on a GraphQL mutation.
      const auth = { Authorization: `Bearer ${token}`, Cookie: `sid=${COOKIE}; theme=dark` };
      expect((await call('/auth/profile', { headers: auth })).status).toBe(200);
      expect((await call(`/probe/http/items/1?access_token=${token}`)).status).toBe(200);
      const mutation = 'mutation { createProbeNote(input: { text: "a logged note" }) { id } }';
      expect((await postJson('/graphql', { query: mutation }, auth)).status).toBe(200);

      // A session cookie set by the app.
      const session = await call('/probe/session');
      sessionCookie = /sid=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')![1];

      // A request id of the caller's, a malformed one, an unknown path and a body the parser refuses.
      expect((await call(ITEM, { headers: { 'X-Request-Id': 'ops-trace-42' } })).status).toBe(200);
      await call(ITEM, { headers: { 'X-Request-Id': 'not a valid id' } });
      expect((await call('/nowhere/at/all')).status).toBe(404);
      const malformed = await call('/probe/echo', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":',
      });
      expect(malformed.status).toBe(400);
      expect((await call('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(
        200,
      );
      expect((await call('/metrics')).status).toBe(401);

      // Over WebSocket: a subscription under a request id of the caller's, and a connection refused its token.
      const subscriber = await openSocket('ws-trace-7', `Bearer ${token}`);
      await subscriber.acknowledged;
      subscriber.socket.send(
        JSON.stringify({
          id: '1',
          type: 'subscribe',
          payload: { query: 'subscription { probeNoteAdded { id } }' },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      subscriber.socket.close(1000);
      await subscriber.closed;
      wsUpgradeRequestId = await subscriber.upgradeRequestId;
      const refused = await openSocket('ws-refused-8', 'Bearer not-a-token');
      expect(await refused.closed).toBe(4403);

      // Stopped before reading: every line is written by then.
      expect(await server.stop()).toBe(0);
      lines = server
        .output()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Line);
    }, 90_000);

    afterAll(() => server?.stop());

    it('should write every line as one JSON object with time, level and message', () => {
      expect(lines.length).toBeGreaterThan(20);
      for (const line of lines) {
        expect(line).toEqual(
          expect.objectContaining({
            time: expect.stringMatching(ISO_TIME),
            level: expect.any(String),
            msg: expect.any(String),
          }),
        );
      }
    });

    it('should never log a password, a token, a cookie or the metrics token', () => {
      const output = server.output();
      const [, , signature] = token.split('.');

      for (const secret of [
        PASSWORD,
        WRONG_PASSWORD,
        REFRESH_TOKEN,
        COOKIE,
        sessionCookie,
        token,
        signature,
        METRICS_TOKEN,
      ]) {
        expect(output).not.toContain(secret);
      }
      expect(output).not.toMatch(/authorization|cookie/i);
    });

    it('should log each request once on completion: request id, method, route, status and duration', () => {
      const completions = lines.filter((line) => line.requestId === 'ops-trace-42' && 'status' in line);

      expect(completions).toEqual([
        {
          level: 'info',
          time: expect.stringMatching(ISO_TIME),
          pid: server.child.pid,
          requestId: 'ops-trace-42',
          method: 'GET',
          route: '/probe/http/items/:id',
          status: 200,
          durationMs: expect.any(Number),
          msg: expect.stringMatching(/^GET \/probe\/http\/items\/:id 200 \d+ms$/),
        },
      ]);
      expect(lines.filter((line) => line.route === 'unmatched').map((line) => line.status)).toEqual([
        404, 400,
      ]);
      expect(lines.find((line) => line.method === 'POST' && line.route === '/graphql')).toMatchObject({
        status: 200,
      });
    });

    it("should carry the request id on the lines logged while the request runs (the logging interceptor's)", () => {
      const duringRequest = lines.filter((line) => line.requestId === 'ops-trace-42' && !('status' in line));

      expect(duringRequest.map((line) => [line.context, line.msg])).toEqual([
        ['LoggingInterceptor', 'GET /probe/http/items/1 started'],
        ['LoggingInterceptor', expect.stringMatching(/^GET \/probe\/http\/items\/1 completed in \d+ms$/)],
      ]);
    });

    it('should bind the lines of a WebSocket connection to the request id of its upgrade, and answer with it', () => {
      const ofRequest = (requestId: string) =>
        lines.filter((line) => line.requestId === requestId).map((line) => line.msg);

      expect(wsUpgradeRequestId).toBe('ws-trace-7');
      expect(ofRequest('ws-trace-7')).toEqual([
        'Subscription.probeNoteAdded started',
        expect.stringMatching(/^Subscription\.probeNoteAdded subscribed in \d+ms$/),
      ]);
      expect(ofRequest('ws-refused-8')).toEqual([
        'WebSocket connection refused: no valid access token in connection_init (4403)',
      ]);
    });

    it("should answer every request with an X-Request-Id: the caller's when well formed, else a new UUID", () => {
      expect(requestIds).toContain('ops-trace-42');
      for (const id of requestIds.filter((value) => value !== 'ops-trace-42')) expect(id).toMatch(UUID);
    });
  });

  describe('in development: readable lines', () => {
    it("should print the level, Nest's context and the message on one line", async () => {
      const server = await startProbeServer({
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      });
      expect((await fetch(`${server.url}${ITEM}`)).status).toBe(200);
      expect(await server.stop()).toBe(0);

      const output = server.output();
      const time = String.raw`\[\d\d:\d\d:\d\d\.\d{3}\]`;
      expect(output).toMatch(
        new RegExp(
          `^${time} INFO \\[Bootstrap\\]: Listening on http://localhost:\\d+ \\(Node v\\d+\\.\\d+\\.\\d+\\)$`,
          'm',
        ),
      );
      expect(output).toMatch(new RegExp(`^${time} INFO \\[LoggingInterceptor\\]: GET ${ITEM} started$`, 'm'));
      expect(output).toMatch(new RegExp(`^${time} INFO: GET /probe/http/items/:id 200 \\d+ms$`, 'm'));
      expect(output).not.toMatch(/^\{/m);
    }, 90_000);
  });
});
