import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_JWT_SECRET } from './utils/constants';
import { createSuiteDatabase } from './utils/postgres';
import { type ServerProcess, startServer } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';

// The deployment of compose.yaml in miniature: app instances reached only through a reverse proxy that, as Caddy
// does, replaces X-Forwarded-For with the address the request came from, and TRUST_PROXY naming that proxy alone.
// Two clients on different addresses (127.0.0.2 and 127.0.0.3: all of 127/8 is loopback) must get separate
// throttle buckets. Two instances on CI's PostgreSQL run (one database), one on PGlite.

const PROXY_ADDRESS = '127.0.0.1';
const ADDRESS_LIMIT = 4;

interface Answer {
  status: number;
  body: string;
}

/** A round-robin reverse proxy over `upstreams`, setting X-Forwarded-For to the connecting address only. */
function startProxy(upstreams: URL[]): Promise<Server> {
  let next = 0;
  const proxy = createServer((incoming, outgoing) => {
    const upstream = upstreams[next++ % upstreams.length];
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  proxy.listen(0, PROXY_ADDRESS);
  return once(proxy, 'listening').then(() => proxy);
}

/** POST from a given local address, with extra headers (a client's own X-Forwarded-For). */
async function postFrom(
  localAddress: string,
  url: URL,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const outgoing = httpRequest(url, {
    method: 'POST',
    localAddress,
    headers: { 'content-type': 'application/json', ...headers },
  });
  outgoing.end(JSON.stringify(body));
  const [answer] = (await once(outgoing, 'response')) as [IncomingMessage];
  let text = '';
  for await (const chunk of answer) text += String(chunk);
  return { status: answer.statusCode ?? 0, body: text };
}

describe('behind a reverse proxy (TRUST_PROXY names it): each client is counted by its own address', () => {
  const instances: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let database: Awaited<ReturnType<typeof createSuiteDatabase>> | undefined;
  let proxy: Server;
  let proxyUrl: URL;

  beforeAll(async () => {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    database = onPostgres ? await createSuiteDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'nest-behind-proxy-'));
      dataDirs.push(dataDir);
      if (!database) copyTemplateDatabase(dataDir);
      return startServer(
        {
          NODE_ENV: 'test',
          DATABASE_URL: database?.url ?? '',
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          SEED_DEMO: 'false',
          TRUST_PROXY: PROXY_ADDRESS,
          LOGIN_THROTTLE_ADDRESS_LIMIT: String(ADDRESS_LIMIT),
        },
        60_000,
      );
    };
    instances.push(...(await Promise.all(Array.from({ length: onPostgres ? 2 : 1 }, start))));
    proxy = await startProxy(instances.map((instance) => new URL(instance.url)));
    const { port } = proxy.address() as { port: number };
    proxyUrl = new URL(`http://${PROXY_ADDRESS}:${port}/auth/login`);
  }, 90_000);

  afterAll(async () => {
    proxy?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it("should refuse one client's flood of logins without touching another client's login", async () => {
    const badLogin = (i: number) => ({ username: `mallory${i}`, password: 'wrong-password' });
    for (let i = 0; i < ADDRESS_LIMIT; i += 1) {
      expect((await postFrom('127.0.0.2', proxyUrl, badLogin(i))).status).toBe(401);
    }

    const refused = await postFrom('127.0.0.2', proxyUrl, badLogin(ADDRESS_LIMIT));
    // A made-up X-Forwarded-For changes nothing: the proxy replaces it, the app believes only the proxy.
    const forged = await postFrom('127.0.0.2', proxyUrl, badLogin(0), { 'X-Forwarded-For': '203.0.113.9' });
    const alice = await postFrom('127.0.0.3', proxyUrl, { username: 'alice', password: 'alice-password' });

    expect(refused).toEqual({ status: 429, body: expect.stringContaining('from this address') });
    expect(forged.status).toBe(429);
    expect(alice.status).toBe(200);
  }, 60_000);
});
