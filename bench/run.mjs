// `npm run bench` runs every scenario, `npm run bench -- <name> [<name>…]` only those. Prints a table of
// measurements and one of the bars, and writes bench/results.json. Stops by itself after BENCH_DEADLINE_MINUTES
// (45: a whole run took 30 on 2 cores shared with other work), reporting what it measured until then.
// Every scenario starts from the prepared database (a copy of its own), whatever ran before it.
// Exit code: 0 when every scenario ran, whatever its figures (a missed bar is a row of the table); 1 when one could
// not run. `--quick` (CI): every scenario whole, a few seconds each, results.json left alone (lib/mode.mjs).
// For a quick look: BENCH_DURATION (seconds of load per target, 8), BENCH_CONNECTIONS (20), BENCH_BOOT_RUNS (5; the
// boot and restart scenarios).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { ensureBuilt } from './lib/build.mjs';
import { BENCH } from './lib/paths.mjs';
import { QUICK } from './lib/mode.mjs';
import { stopAll } from './lib/process.mjs';
import { barsTable, measurementsTable, writeResults } from './lib/report.mjs';
import boot from './scenarios/boot.mjs';
import generate from './scenarios/generate.mjs';
import graphql from './scenarios/graphql.mjs';
import graphqlWorst from './scenarios/graphql-worst.mjs';
import httpAuth from './scenarios/http-auth.mjs';
import http from './scenarios/http.mjs';
import login from './scenarios/login.mjs';
import refresh from './scenarios/refresh.mjs';
import restart from './scenarios/restart.mjs';
import subscriptions from './scenarios/subscriptions.mjs';

const SCENARIOS = [
  http,
  httpAuth,
  graphql,
  graphqlWorst,
  login,
  refresh,
  subscriptions,
  boot,
  restart,
  generate,
];
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MINUTES ?? 45) * 60_000;
const RESULTS = join(BENCH, 'results.json');

const log = (message) => console.error(`[bench] ${message}`);

function selected(names) {
  const unknown = names.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown scenario: ${unknown.join(', ')}; one of ${SCENARIOS.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  return names.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => names.includes(scenario.name));
}

/** A scenario that could not run: its error, and a row of the bars table saying so. */
const notRun = (name, error) => ({
  name,
  error,
  rows: [],
  checks: [{ bar: 'runs', measured: 'error', pass: false }],
});

async function runScenario(scenario) {
  const startedAt = performance.now();
  log(`${scenario.name}${QUICK ? ' (quick)' : ''}…`);
  try {
    return { name: scenario.name, ...(await scenario.run()) };
  } catch (error) {
    log(`${scenario.name} failed: ${error.message}`);
    return notRun(scenario.name, error.message);
  } finally {
    log(`${scenario.name} done in ${Math.round((performance.now() - startedAt) / 1_000)} s`);
  }
}

/** Prints the tables and keeps the figures (not in quick mode); the exit code: 1 when a scenario could not run. */
function report(results) {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`\nNode ${process.version}, ${cpus().length} CPUs, load average ${load} (1, 5, 15 min)`);
  console.log(`\n${measurementsTable(results)}\n`);
  if (results.some((result) => result.checks?.length)) console.log(`${barsTable(results)}\n`);
  if (QUICK) log('quick mode: figures too short to keep, results.json left as it was');
  else {
    writeResults(RESULTS, results);
    log(`results written to ${RESULTS}`);
  }
  const failed = results.filter((result) => result.error).map((result) => result.name);
  if (failed.length > 0) log(`could not run: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

async function main() {
  const scenarios = selected(process.argv.slice(2).filter((arg) => arg !== '--quick'));
  const results = [];
  // Past the deadline the scenario under way is stopped; the figures of those before it are still reported.
  const watchdog = setTimeout(() => {
    log(`still running after ${DEADLINE_MS / 60_000} minutes: stopping`);
    stopAll();
    const cutOff = scenarios
      .slice(results.length)
      .map((scenario) => notRun(scenario.name, `not done within the run's ${DEADLINE_MS / 60_000} minutes`));
    process.exit(report([...results, ...cutOff]));
  }, DEADLINE_MS).unref();

  await ensureBuilt(log);
  for (const scenario of scenarios) results.push(await runScenario(scenario));
  clearTimeout(watchdog);
  process.exitCode = report(results);
}

main().catch((error) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
