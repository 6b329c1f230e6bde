import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startApp } from '../lib/app.mjs';
import { compare, DURATION, load } from '../lib/load.mjs';
import { unlessQuick } from '../lib/mode.mjs';
import { ROOT } from '../lib/paths.mjs';
import { memoryOf, peakRssDuring } from '../lib/process.mjs';
import { realUserLogins, timedLogin } from '../lib/real-user.mjs';
import { percent } from '../lib/report.mjs';

const CONCURRENCY = 2; // PASSWORD_HASH_CONCURRENCY: the app's default, set explicitly for both sides
const CONNECTIONS = 2 * CONCURRENCY; // keeps every hashing slot busy without a long queue
const BURST = 100;
const FLOOD_CONNECTIONS = 100;
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? unlessQuick(15, 3));
const REAL_USER_PAUSE_MS = 200; // between one real login's answer and the next
const REAL_USER_GOAL_MS = 2_000;
const PASSWORD = 'alice-password';
const LIFTED = '1000000';
const MiB = (value) => `${Math.round(value)} MiB`;

/** The app's own password function (dist/users/password-hasher.js, its semaphore included), no HTTP. */
async function passwordFunction() {
  const { PasswordHasher } = createRequire(import.meta.url)(
    join(ROOT, 'dist', 'users', 'password-hasher.js'),
  );
  const hasher = new PasswordHasher({ concurrency: CONCURRENCY });
  const stored = await hasher.hash(PASSWORD);
  /** Verifications per second over `seconds`, with one caller per hashing slot. */
  return async (seconds) => {
    const startedAt = performance.now();
    const until = startedAt + seconds * 1_000;
    const caller = async () => {
      let done = 0;
      for (; performance.now() < until; done += 1) {
        if (!(await hasher.verify(PASSWORD, stored))) throw new Error('the password function refused');
      }
      return done;
    };
    const counts = await Promise.all(Array.from({ length: CONCURRENCY }, caller));
    const rps = counts.reduce((a, b) => a + b, 0) / ((performance.now() - startedAt) / 1_000);
    return { rps: Math.round(rps * 10) / 10, unit: 'hashes/s' };
  };
}

/**
 * Loopback source addresses for the real user, one per login, so no per-address counter of the app sees one
 * twice and none is the flood's (127.0.0.1). Linux routes all of 127/8 to loopback; elsewhere only 127.0.0.1
 * may exist, and the real user then shares the flood's address (said in the report).
 */
async function realUserAddresses() {
  const canBind = await new Promise((resolve) => {
    const probe = createServer().once('error', () => resolve(false));
    probe.listen(0, '127.0.1.1', () => probe.close(() => resolve(true)));
  });
  return canBind ? Array.from({ length: 250 }, (_, i) => `127.0.1.${i + 1}`) : undefined;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/**
 * A flood of logins with random usernames on FLOOD_CONNECTIONS connections from 127.0.0.1, and meanwhile a real
 * user (alice, right password) logging in again and again from other addresses. Then, once the flood has
 * stopped, how long the next login takes: work left behind by the flood's abandoned requests would show there.
 */
async function realUserDuringFlood(url, addresses) {
  const flood = load(
    {
      url: `${url}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ username: `flood-${randomUUID()}`, password: 'guess' }),
          }),
        },
      ],
    },
    { connections: FLOOD_CONNECTIONS, duration: FLOOD_SECONDS, timeout: 60 },
  );
  const credentials = { username: 'alice', password: PASSWORD };
  await sleep(1_000); // the flood is under way
  const realUser = realUserLogins({ url, credentials, addresses, pauseMs: REAL_USER_PAUSE_MS });
  const floodResult = await flood;
  realUser.stop();
  const samples = await realUser.samples;
  const after = await timedLogin(url, credentials, addresses?.at(-1));

  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const count = (status) => samples.filter((sample) => sample.status === status).length;
  return {
    p50: Math.round(quantile(sorted, 0.5)),
    p99: Math.round(quantile(sorted, 0.99)),
    max: Math.round(sorted.at(-1)),
    logins: samples.length,
    ok: count(200),
    unavailable: count(503),
    other: samples.length - count(200) - count(503),
    after,
    flood: floodResult.statuses,
  };
}

const describeStatuses = (statuses) =>
  Object.entries(statuses)
    .map(([code, count]) => `${count}×${code}`)
    .join(', ');

/**
 * POST /auth/login (scrypt N=2^15, r=8, p=3: 32 MiB a hash) against the password function alone on as many
 * threads as the app uses; 100 logins at once: each answered, at once when the hash queue is full, and memory
 * bounded; then a real user's login latency during a 100-connection flood of random usernames, the flood from
 * one address (the app as configured by default) and with the per-address limits lifted (as if it came from many).
 * Login rounds send a fixed number of requests (no request is left half-done to weigh on the next round).
 */
export default {
  name: 'login',
  async run() {
    const hashRate = await passwordFunction();
    const addresses = await realUserAddresses();
    const app = await startApp({
      name: 'app-login',
      env: {
        PASSWORD_HASH_CONCURRENCY: String(CONCURRENCY),
        LOGIN_THROTTLE_LIMIT: LIFTED,
        LOGIN_THROTTLE_ADDRESS_LIMIT: LIFTED,
        // Every request here comes from 127.0.0.1: without the per-client limits it stands for many addresses.
        PASSWORD_HASH_CLIENT_LIMIT: LIFTED,
        LOGIN_THROTTLE_TTL: '60',
      },
    });
    let rows;
    let checks;
    let memory;
    try {
      const request = {
        url: `${app.url}/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', password: PASSWORD }),
      };
      const logins = (seconds) =>
        load(request, {
          connections: CONNECTIONS,
          amount: CONNECTIONS * Math.max(2, Math.round(seconds * 2)),
          timeout: 60,
        });
      const [baseline, rate] = await compare(
        [
          { target: `password function ×${CONCURRENCY} (no HTTP)`, measure: hashRate },
          { target: 'app POST /auth/login', measure: logins },
        ],
        { rounds: 3, seconds: DURATION },
      );
      const idle = memoryOf(app.pid)?.rss ?? 0;
      const { result: burst, peak } = await peakRssDuring(app.pid, () =>
        load(request, { connections: BURST, amount: BURST, timeout: 120 }),
      );
      const distributed = await realUserDuringFlood(app.url, addresses);

      const ratio = rate.rps / baseline.rps;
      const answered = (burst.statuses[200] ?? 0) + (burst.statuses[503] ?? 0);
      rows = [
        baseline,
        { ...rate, baseline: 'password function', ratio },
        {
          ...burst,
          target: `${BURST} logins at once`,
          note: `${describeStatuses(burst.statuses)}; RSS ${MiB(idle)} idle → peak ${MiB(peak)}`,
        },
      ];
      checks = [
        {
          bar: 'login ≥ 80 % of the password function',
          measured: percent(ratio),
          pass: ratio >= 0.8 && rate.errors === 0,
        },
        {
          bar: `${BURST} concurrent logins: each answered (200, or 503 when the hash queue is full), none timed out`,
          measured: `${describeStatuses(burst.statuses)}, ${burst.timeouts} timed out`,
          pass: answered === BURST && burst.timeouts === 0,
        },
        {
          bar: `${BURST} concurrent logins: memory bounded (RSS < 1 GiB)`,
          measured: `${MiB(idle)} idle → ${MiB(peak)} peak (+${MiB(peak - idle)})`,
          pass: peak < 1024,
        },
      ];
      const report = floodReport('flood from many addresses (per-address limits lifted)', distributed, {
        mustSucceed: false,
      });
      rows.push(...report.rows);
      checks.push(...report.checks);
      memory = { idleRssMiB: Math.round(idle), peakRssMiB: Math.round(peak) };
    } finally {
      await app.stop();
    }

    // The app as configured by default, flooded from one address (the reported case); on a database of its own,
    // since the counters the first app kept are in its database.
    const defaults = await startApp({
      name: 'app-login-defaults',
      env: { PASSWORD_HASH_CONCURRENCY: String(CONCURRENCY) },
    });
    try {
      const oneAddress = await realUserDuringFlood(defaults.url, addresses);
      const label = `flood from one address (defaults)${addresses ? '' : ', real user on the same address'}`;
      const report = floodReport(label, oneAddress, { mustSucceed: true });
      rows.push(...report.rows);
      checks.push(...report.checks);
    } finally {
      await defaults.stop();
    }
    return { rows, memory, checks };
  },
};

/** Rows and bars of one flood run; `mustSucceed`: every real login must be a 200 (not only answered in time). */
function floodReport(label, result, { mustSucceed }) {
  const rows = [
    {
      target: `real user during a ${FLOOD_CONNECTIONS}-connection ${label}`,
      p50: result.p50,
      p99: result.p99,
      errors: result.logins - result.ok,
      note: `${result.ok}/${result.logins} logins 200, ${result.unavailable} 503, ${result.other} other; max ${result.max} ms; flood: ${describeStatuses(result.flood)}`,
    },
    {
      target: `next login once the ${label} stopped`,
      ms: result.after.ms,
      note: `status ${result.after.status}`,
    },
  ];
  const checks = [
    {
      bar: `real user, ${label}: p99 < ${REAL_USER_GOAL_MS / 1000} s${mustSucceed ? ', every login 200' : ''}`,
      measured: `p50 ${result.p50} ms, p99 ${result.p99} ms; ${result.ok}/${result.logins} 200`,
      pass: result.p99 < REAL_USER_GOAL_MS && (!mustSucceed || result.ok === result.logins),
    },
    {
      bar: `${label}: the next login after it < ${REAL_USER_GOAL_MS / 1000} s (no work left behind)`,
      measured: `${Math.round(result.after.ms)} ms, status ${result.after.status}`,
      pass: result.after.ms < REAL_USER_GOAL_MS && result.after.status === 200,
    },
  ];
  return { rows, checks };
}
