import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { QUICK, unlessQuick } from './mode.mjs';

/**
 * Seconds of load per target (split into rounds) and connections; BENCH_DURATION / BENCH_CONNECTIONS override
 * them for a quick look. Quick mode: one short round after a short warm-up.
 */
export const DURATION = Number(process.env.BENCH_DURATION ?? unlessQuick(8, 1));
const ROUNDS = 4;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = unlessQuick(2, 0.5);

const round1 = (value) => Math.round(value * 10) / 10;

/**
 * One bounded autocannon run: a fixed duration (or a fixed `amount` of requests) on a fixed number of
 * connections. `rps` is 2xx answers per second; `errors` counts connection errors, time-outs and non-2xx answers.
 */
export async function load(
  request,
  { duration = DURATION, connections = CONNECTIONS, amount, timeout = 10 } = {},
) {
  const run = autocannon({ ...request, connections, timeout, ...(amount ? { amount } : { duration }) });
  // autocannon notices that the last of `amount` requests is done on its next one-second tick: time it here.
  const startedAt = performance.now();
  let lastAt = startedAt;
  if (amount) run.on('response', () => (lastAt = performance.now()));
  const result = await run;
  const seconds = amount ? (lastAt - startedAt) / 1_000 : result.duration;
  return {
    rps: round1(result['2xx'] / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    // Answers by status code: { 200: n, 503: n, … }.
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    connections,
    seconds: round1(seconds),
  };
}

/**
 * Measures targets side by side: a warm-up of each, then `rounds` turns in which every target runs once in
 * the same order. The machine's other work comes and goes, so a target's figure is its best round (the one
 * least disturbed); every round is kept in `rounds`. A target is `{ target, measure(seconds) }`.
 */
export async function compare(targets, { seconds = DURATION, rounds = ROUNDS, warmup = WARMUP } = {}) {
  for (const { measure } of targets) await measure(warmup);
  const runs = targets.map(() => []);
  const roundCount = QUICK ? 1 : rounds; // quick mode: one round, whatever the scenario asks
  for (let i = 0; i < roundCount; i += 1) {
    for (const [index, { measure }] of targets.entries()) {
      runs[index].push(await measure(seconds / roundCount));
    }
  }
  return targets.map(({ target }, index) => {
    const best = runs[index].reduce((a, b) => (b.rps > a.rps ? b : a));
    const errors = runs[index].reduce((sum, run) => sum + (run.errors ?? 0), 0);
    return { target, ...best, errors, rounds: runs[index].map((run) => run.rps) };
  });
}

/** A `compare` target that drives `request` with autocannon. */
export const http = (target, request) => ({
  target,
  measure: (seconds) => load(request, { duration: seconds }),
});
