import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareDataDir, startApp } from '../lib/app.mjs';
import { compare, DURATION, load } from '../lib/load.mjs';
import { ROOT } from '../lib/paths.mjs';
import { memoryOf, peakRssDuring } from '../lib/process.mjs';
import { percent } from '../lib/report.mjs';

const CONCURRENCY = 2; // PASSWORD_HASH_CONCURRENCY: the app's default, set explicitly for both sides
const CONNECTIONS = 2 * CONCURRENCY; // keeps every hashing slot busy without a long queue
const BURST = 100;
const PASSWORD = 'alice-password';
const MiB = (value) => `${Math.round(value)} MiB`;

/** The app's own password function (dist/users/password-hasher.js, its semaphore included), no HTTP. */
async function passwordFunction() {
  const { PasswordHasher } = createRequire(import.meta.url)(
    join(ROOT, 'dist', 'users', 'password-hasher.js'),
  );
  const hasher = new PasswordHasher(CONCURRENCY);
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
    return { rps: Math.round(rps * 10) / 10 };
  };
}

/**
 * POST /auth/login (scrypt N=2^15, r=8, p=3: 32 MiB a hash) against the password function alone on as many
 * threads as the app uses; then 100 logins at once: none may fail and memory must stay bounded.
 * Login rounds send a fixed number of requests (no request is left half-done to weigh on the next round).
 */
export default {
  name: 'login',
  async run() {
    await prepareDataDir();
    const hashRate = await passwordFunction();
    const app = await startApp({
      name: 'app-login',
      env: {
        PASSWORD_HASH_CONCURRENCY: String(CONCURRENCY),
        LOGIN_THROTTLE_LIMIT: '1000000',
        LOGIN_THROTTLE_TTL: '60',
      },
    });
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
      const ratio = rate.rps / baseline.rps;
      const failures = BURST - burst.ok;
      return {
        rows: [
          baseline,
          { ...rate, baseline: 'password function', ratio },
          { ...burst, target: `${BURST} logins at once`, note: `RSS ${MiB(idle)} idle → peak ${MiB(peak)}` },
        ],
        memory: { idleRssMiB: Math.round(idle), peakRssMiB: Math.round(peak) },
        checks: [
          {
            bar: 'login ≥ 80 % of the password function',
            measured: percent(ratio),
            pass: ratio >= 0.8 && rate.errors === 0,
          },
          {
            bar: `${BURST} concurrent logins: 0 failures`,
            measured: `${failures} failed`,
            pass: failures === 0,
          },
          {
            bar: `${BURST} concurrent logins: memory bounded (RSS < 1 GiB)`,
            measured: `${MiB(idle)} idle → ${MiB(peak)} peak (+${MiB(peak - idle)})`,
            pass: peak < 1024,
          },
        ],
      };
    } finally {
      await app.stop();
    }
  },
};
