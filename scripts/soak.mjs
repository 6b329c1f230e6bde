// `npm run soak`: the built app (node dist/main.js, NODE_ENV=production) under 30 s of mixed REST, GraphQL and
// login traffic from 50 connections on loopback; reports requests, errors and the server's memory (RSS) before
// and after. Not part of `npm test`. SOAK_SECONDS (≤ 300) and SOAK_CONNECTIONS (≤ 200) change the load.
/* global fetch, setTimeout, clearTimeout -- Node 20 globals (the lint config lists only a few) */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bounded = (value, fallback, max) => Math.min(Math.max(Number(value) || fallback, 1), max);
const SECONDS = bounded(process.env.SOAK_SECONDS, 30, 300);
const CONNECTIONS = bounded(process.env.SOAK_CONNECTIONS, 50, 200);
// A tenth of the connections log in (scrypt, two at a time by default), the rest read and write the API.
const LOGIN_CONNECTIONS = Math.max(1, Math.round(CONNECTIONS / 10));
const WARM_UP_SECONDS = 5;
const IDLE_SECONDS = 5;

const log = (message) => console.error(`[soak] ${message}`);
const mib = (kib) => `${(kib / 1024).toFixed(1)} MiB`;

/** The server's resident memory in KiB (Linux /proc; elsewhere ps). */
async function rssKib(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    const ps = spawn('ps', ['-o', 'rss=', '-p', String(pid)]);
    let out = '';
    ps.stdout.on('data', (chunk) => (out += chunk));
    await once(ps, 'exit');
    return Number(out.trim());
  }
}

async function startServer(dataDir) {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      JWT_EXPIRES_IN: '3600',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // The soak measures the app under load, not the per-client login limits (tested on their own; every login
      // here comes from one address): lift them.
      LOGIN_THROTTLE_LIMIT: '1000000',
      LOGIN_THROTTLE_ADDRESS_LIMIT: '1000000',
      PASSWORD_HASH_CLIENT_LIMIT: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const match = /Listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

const json = (method, path, body, headers = {}) => ({
  method,
  path,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The API mix: REST reads and writes, both GraphQL endpoints, a query and an authenticated mutation. */
function apiRequests(token, counters) {
  // GraphQL answers 200 with `errors` for a failed field: count those as errors too.
  const graphql = (path, query, variables, headers) => ({
    ...json('POST', path, { query, variables }, headers),
    onResponse: (status, body) => {
      if (status === 200 && body.includes('"errors"')) counters.graphqlErrors += 1;
    },
  });
  const bearer = { authorization: `Bearer ${token}` };
  return [
    { method: 'GET', path: '/cats?limit=5' },
    json('POST', '/cats', { name: 'Tom', age: 3, breed: 'Tabby' }),
    { method: 'GET', path: '/authors?offset=0&limit=10' },
    graphql(
      '/graphql',
      '{ authors(limit: 10) { totalCount nodes { id firstName posts { id title votes } } } }',
    ),
    graphql('/schema-first/graphql', '{ author(id: 2) { id lastName posts { id votes } } }'),
    graphql('/graphql', 'mutation ($id: Int!) { upvotePost(postId: $id) { id votes } }', { id: 1 }, bearer),
    graphql('/graphql', '{ authorStats(authorId: 2) { postCount totalVotes rank } }', undefined, bearer),
    { method: 'GET', path: '/health' },
    { method: 'GET', path: '/auth/profile', headers: bearer },
  ];
}

function run(url, connections, seconds, requests) {
  return autocannon({ url, connections, duration: seconds, requests, timeout: 10 });
}

const errorsOf = (result) => result.errors + result.non2xx;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-soak-'));
  const watchdog = setTimeout(
    () => {
      log('still running long after the planned end: giving up');
      process.exit(1);
    },
    (SECONDS + WARM_UP_SECONDS + IDLE_SECONDS + 120) * 1000,
  ).unref();

  // A first start creates, migrates and seeds the embedded database, a one-off that holds hundreds of MiB
  // until it is collected: the measured server starts on the database it left, like any restart.
  log('preparing the database');
  const preparing = await startServer(dataDir);
  preparing.child.kill('SIGTERM');
  await once(preparing.child, 'exit');

  const server = await startServer(dataDir);
  try {
    const alice = { username: 'alice', password: 'alice-password' };
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alice),
    });
    const { access_token: token } = await login.json();
    const counters = { graphqlErrors: 0 };
    const loginRequests = [json('POST', '/auth/login', alice)];

    const atBoot = await rssKib(server.child.pid);
    log(`warming up for ${WARM_UP_SECONDS} s`);
    await run(server.url, 10, WARM_UP_SECONDS, apiRequests(token, { graphqlErrors: 0 }));
    const before = await rssKib(server.child.pid);

    log(`soaking: ${SECONDS} s, ${CONNECTIONS} connections (${LOGIN_CONNECTIONS} of them logging in)`);
    const [api, logins] = await Promise.all([
      run(server.url, CONNECTIONS - LOGIN_CONNECTIONS, SECONDS, apiRequests(token, counters)),
      run(server.url, LOGIN_CONNECTIONS, SECONDS, loginRequests),
    ]);
    const after = await rssKib(server.child.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await rssKib(server.child.pid);
    const healthy = (await fetch(`${server.url}/health`)).status === 200;

    server.child.kill('SIGTERM');
    const [exitCode] = await once(server.child, 'exit');
    const errors = errorsOf(api) + errorsOf(logins) + counters.graphqlErrors;
    const summary = {
      seconds: SECONDS,
      connections: CONNECTIONS,
      requests: api.requests.total + logins.requests.total,
      requestsPerSecond: Math.round((api.requests.total + logins.requests.total) / SECONDS),
      logins: logins.requests.total,
      apiLatencyMs: { p50: api.latency.p50, p99: api.latency.p99, max: api.latency.max },
      loginLatencyMs: { p50: logins.latency.p50, p99: logins.latency.p99, max: logins.latency.max },
      errors,
      errorDetail: {
        connectionErrors: api.errors + logins.errors,
        timeouts: api.timeouts + logins.timeouts,
        non2xx: api.non2xx + logins.non2xx,
        graphqlErrors: counters.graphqlErrors,
      },
      rss: {
        atBoot: mib(atBoot),
        beforeSoak: mib(before),
        afterSoak: mib(after),
        afterIdle: mib(idle),
        growth: mib(idle - before),
      },
      healthyAfter: healthy,
      exitCode,
    };
    console.log(JSON.stringify(summary, null, 2));
    if (errors > 0 || !healthy || exitCode !== 0) process.exitCode = 1;
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
