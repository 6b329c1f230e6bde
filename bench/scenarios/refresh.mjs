/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { performance } from 'node:perf_hooks';
import { startApp } from '../lib/app.mjs';
import { compare, CONNECTIONS, DURATION, load } from '../lib/load.mjs';

const LOGIN_CONNECTIONS = 4; // 2 × PASSWORD_HASH_CONCURRENCY, as in the login scenario: every hashing slot busy
const LIFTED = '1000000';
const GOAL = 5; // refresh needs no scrypt: at least 5 × the login rate (issue 16)
const JSON_HEADERS = { 'content-type': 'application/json' };

async function loginPair(url) {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ username: 'bob', password: 'bob-password' }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return (await response.json()).refresh_token;
}

/**
 * Refresh tokens are single use, so autocannon (which repeats requests) cannot drive this: each of CONNECTIONS loops
 * carries its own login's token and sends the one the last answer gave it, one request at a time, for `seconds`.
 * Tokens outlive a run; a loop whose last answer was not a 200 logs in again at the next run.
 */
function refreshTarget(url) {
  const tokens = [];
  const refreshOnce = async (index, latencies) => {
    const startedAt = performance.now();
    const response = await fetch(`${url}/auth/refresh`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ refresh_token: tokens[index] }),
    });
    const body = await response.text();
    latencies.push(performance.now() - startedAt);
    tokens[index] = response.status === 200 ? JSON.parse(body).refresh_token : undefined;
    return response.status === 200;
  };
  return {
    target: 'app POST /auth/refresh (rotation, one statement)',
    async measure(seconds) {
      for (let index = 0; index < CONNECTIONS; index += 1) tokens[index] ??= await loginPair(url);
      const latencies = [];
      let ok = 0;
      let errors = 0;
      const startedAt = performance.now();
      const until = startedAt + seconds * 1_000;
      await Promise.all(
        tokens.map(async (_token, index) => {
          while (performance.now() < until && tokens[index]) {
            if (await refreshOnce(index, latencies)) ok += 1;
            else errors += 1;
          }
        }),
      );
      const elapsed = (performance.now() - startedAt) / 1_000;
      latencies.sort((a, b) => a - b);
      const at = (share) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]);
      return {
        rps: Math.round((ok / elapsed) * 10) / 10,
        p50: at(0.5),
        p99: at(0.99),
        ok,
        errors,
        connections: CONNECTIONS,
        seconds: Math.round(elapsed * 10) / 10,
      };
    },
  };
}

/** POST /auth/refresh against POST /auth/login on the same app: a refresh is two SQL statements and a JWT. */
export default {
  name: 'refresh',
  async run() {
    const app = await startApp({
      name: 'app-refresh',
      env: {
        LOGIN_THROTTLE_LIMIT: LIFTED,
        LOGIN_THROTTLE_ADDRESS_LIMIT: LIFTED,
        PASSWORD_HASH_CLIENT_LIMIT: LIFTED,
      },
    });
    try {
      const logins = {
        target: 'app POST /auth/login',
        measure: (seconds) =>
          load(
            {
              url: `${app.url}/auth/login`,
              method: 'POST',
              headers: JSON_HEADERS,
              body: JSON.stringify({ username: 'bob', password: 'bob-password' }),
            },
            {
              connections: LOGIN_CONNECTIONS,
              amount: LOGIN_CONNECTIONS * Math.max(2, Math.round(seconds * 2)),
              timeout: 60,
            },
          ),
      };
      const [login, refresh] = await compare([logins, refreshTarget(app.url)], {
        rounds: 3,
        seconds: DURATION,
      });
      const ratio = refresh.rps / login.rps;
      return {
        rows: [login, { ...refresh, baseline: 'app POST /auth/login', ratio }],
        checks: [
          {
            bar: `refresh ≥ ${GOAL} × login`,
            measured: `${ratio.toFixed(1)}×`,
            pass: ratio >= GOAL,
          },
        ],
      };
    } finally {
      await app.stop();
    }
  },
};
