import { DATA_DIR, DEVELOPMENT, prepareDataDir, startApp, startBaseline } from '../lib/app.mjs';
import { run } from '../lib/process.mjs';
import { median } from '../lib/report.mjs';

const RUNS = Number(process.env.BENCH_BOOT_RUNS ?? 5);
const BAR_MS = 1_500;
/** The production goal on the newest LTS (Node 26); older Node is held to BAR_MS. */
const NEWEST_LTS = 26;
const PRODUCTION_BAR_MS = Number(process.versions.node.split('.')[0]) >= NEWEST_LTS ? 1_000 : BAR_MS;

async function timeRuns(once) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await once());
  return { ms: median(times), note: `median of ${RUNS}: ${times.map(Math.round).join(', ')} ms` };
}

async function appBoot(name, env) {
  const app = await startApp({ name, env });
  await app.stop();
  return app.startMs;
}

/** Nest with one controller (bench/servers/bare-nest.cjs): what the framework alone takes to answer. */
async function nestBoot() {
  const server = await startBaseline({
    name: 'bare-nest-boot',
    script: 'bare-nest.cjs',
    readyPath: '/cats/1',
  });
  await server.stop();
  return server.startMs;
}

/**
 * Process start to the first 200 of GET /health on an existing data directory, against `node -e ''`; Nest alone
 * is a diagnostic row (the part of the time that is the framework's).
 */
export default {
  name: 'boot',
  async run() {
    await prepareDataDir();
    const node = await timeRuns(async () => (await run(process.execPath, ['-e', ''])).ms);
    const nest = await timeRuns(nestBoot);
    const dev = await timeRuns(() => appBoot('app-boot', DEVELOPMENT));
    // Production: no seeding, no OpenAPI document, no GraphiQL.
    const production = await timeRuns(() => appBoot('app-boot-production', {}));
    const row = (target, result) => ({
      target,
      ...result,
      baseline: "node -e ''",
      ratio: result.ms / node.ms,
    });
    return {
      dataDir: DATA_DIR,
      rows: [
        { target: "node -e ''", ...node },
        { ...row('Nest, one controller, to first 200', nest), note: `diagnostic; ${nest.note}` },
        row('app to first /health 200 (development)', dev),
        row('same, production', production),
      ],
      checks: [
        {
          bar: 'boot < 1.5 s (existing data dir)',
          measured: `${Math.round(dev.ms)} ms`,
          pass: dev.ms < BAR_MS,
        },
        {
          bar: `boot < ${PRODUCTION_BAR_MS / 1000} s, production${PRODUCTION_BAR_MS < BAR_MS ? ` (Node ${NEWEST_LTS})` : ''}`,
          measured: `${Math.round(production.ms)} ms`,
          pass: production.ms < PRODUCTION_BAR_MS,
        },
      ],
    };
  },
};
