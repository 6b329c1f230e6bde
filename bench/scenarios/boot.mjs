import { join } from 'node:path';
import { DEVELOPMENT, freshDataDir, runDir, startApp, startBaseline } from '../lib/app.mjs';
import { unlessQuick } from '../lib/mode.mjs';
import { nodeBinary } from '../lib/node-version.mjs';
import { run } from '../lib/process.mjs';
import { median } from '../lib/report.mjs';

const RUNS = Number(process.env.BENCH_BOOT_RUNS ?? unlessQuick(5, 1));
/** The bar: production start to /health/ready 200 under 1 s on Node 24, on existing data, compile cache on. */
const BAR_MS = 1_000;
const BAR_NODE = 24;
const READY = '/health/ready';
// The app turns Node's compile cache on (Node >= 22) in this folder; a start before the timed ones fills it.
const COMPILE_CACHE = join(runDir, 'compile-cache');

const log = (message) => console.error(`[bench] ${message}`);

/** One untimed start (`warmUp`: it fills the compile cache), then the median of RUNS timed ones. */
async function timeRuns(once, { warmUp = false } = {}) {
  if (warmUp) await once();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await once());
  return { ms: median(times), note: `median of ${RUNS}: ${times.map(Math.round).join(', ')} ms` };
}

const emptyScript = (binary) => timeRuns(async () => (await run(binary, ['-e', ''])).ms);

/** Start to /health/ready 200, again and again on one data directory that already holds the database. */
async function appBoots(name, { env = {}, command } = {}) {
  const dataDir = await freshDataDir(name);
  const once = async () => {
    const app = await startApp({
      name,
      command,
      dataDir,
      readyPath: READY,
      env: { NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
    });
    await app.stop();
    return app.startMs;
  };
  return timeRuns(once, { warmUp: true });
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
 * Process start to the first 200 of GET /health/ready on an existing data directory, against `node -e ''` on the
 * same Node: development and production on this Node, and production on Node 24 (fetched when this Node is
 * another), which the bar is about. Nest alone is a diagnostic row (the part of the time that is the framework's).
 */
export default {
  name: 'boot',
  async run() {
    const node = await emptyScript(process.execPath);
    const nest = await timeRuns(nestBoot);
    const dev = await appBoots('app-boot', { env: DEVELOPMENT });
    const production = await appBoots('app-boot-production');
    const barNode = await nodeBinary(BAR_NODE, log);
    const barNodeEmpty = await emptyScript(barNode.binary);
    const onBarNode = await appBoots(`app-boot-node${BAR_NODE}`, { command: barNode.binary });

    const here = `Node ${process.version}`;
    const there = `Node ${barNode.version}`;
    const row = (target, result, empty, node) => ({
      target: `${target} (${node})`,
      ...result,
      baseline: `node -e '' (${node})`,
      ratio: result.ms / empty.ms,
    });
    return {
      nodes: { machine: process.version, bar: barNode.version },
      rows: [
        { target: `node -e '' (${here})`, ...node },
        { ...row('Nest, one controller, to first 200', nest, node, here), note: `diagnostic; ${nest.note}` },
        row(`app to first ${READY} 200, development`, dev, node, here),
        row('same, production', production, node, here),
        { target: `node -e '' (${there})`, ...barNodeEmpty },
        row(`app to first ${READY} 200, production`, onBarNode, barNodeEmpty, there),
      ],
      checks: [
        {
          bar: `production start to ${READY} 200 < ${BAR_MS / 1_000} s on Node ${BAR_NODE} (existing data, compile cache on)`,
          measured: `${Math.round(onBarNode.ms)} ms (${there})`,
          pass: onBarNode.ms < BAR_MS,
        },
      ],
    };
  },
};
