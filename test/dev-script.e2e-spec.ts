import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDevScriptProbe,
  DEV_PROBE_ORIGINAL_TEXT,
  DEV_PROBE_TEXT_FILE,
  DEV_PROBE_TEXT_PATH,
  devProbeWaitPath,
} from './fixtures/probe/http/dev-script-probe';
import { ScratchProject } from './generators/scratch-project';
import { TEST_JWT_SECRET } from './utils/constants';
import { ROOT } from './utils/paths';
import { type ServerProcess, startServer, untilOutput } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';

// The scratch copy's app carries a test-only probe (test/fixtures/probe/http/dev-script-probe.ts): a text in a
// source file of its own, to change, and a slow route.
const CHANGED_TEXT = 'dev probe text, rebuilt';
const RESTARTING = /\[dev\] src\/_dev-script-probe\/dev-probe\.text\.ts \(\d+ ms\): restarting/;
// A request in flight keeps an app alive for this long after its SIGTERM: long enough that a new app started
// without waiting for the old one to exit would show in the order of their lifetimes.
const SLOW_REQUEST = devProbeWaitPath(1500);
const SLOW_REQUEST_STARTED = /GET \/dev-script-probe\/wait\/1500 started/;
/** A schema-first addition in the probe's folder: the endpoint reads every .graphql file under src/. */
const GRAPHQL_FILE = join('src', '_dev-script-probe', 'dev-probe.graphql');
const GRAPHQL_FILE_PATTERN = 'src\\/_dev-script-probe\\/dev-probe\\.graphql';

/** The slow request's status, or why it failed: a test that fails before awaiting it leaves no rejection. */
const slowRequest = (server: ServerProcess) =>
  fetch(`${server.url}${SLOW_REQUEST}`).then(
    (response) => response.status,
    (error: Error) => error.message,
  );

/** Whether a process with this pid is still running (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm run start:dev` in a scratch copy of the project (ROOT in build.mjs is the copy, since its scripts/ run),
 * so that editing src/ leaves this checkout, and the suites running beside this one, alone.
 */
describe('scripts/dev.mjs (npm run start:dev)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-dev-'));
  let scratch: ScratchProject;
  /** The dev.mjs started last, for the clean-up after a failed test. */
  const started: Array<{ dev: ServerProcess; lifetimesFile: string }> = [];
  let lifetimesFile: string;

  /** `start <pid>` and `exit <pid>` of each app a dev.mjs ran, in order (test/fixtures/app-lifetimes.cjs). */
  const lifetimesIn = (file: string) =>
    existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
  /** Those of the current dev.mjs. */
  const lifetimes = () => lifetimesIn(lifetimesFile);
  const appPids = (file = lifetimesFile) => [
    ...new Set(lifetimesIn(file).map((line) => Number(line.split(' ')[1]))),
  ];

  async function startDev(run: string): Promise<ServerProcess> {
    lifetimesFile = join(scratch.root, `app-lifetimes-${run}.log`);
    const dev = await startServer(
      {
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        NODE_OPTIONS: `--require ${JSON.stringify(join(ROOT, 'test', 'fixtures', 'app-lifetimes.cjs'))}`,
        APP_LIFETIMES_FILE: lifetimesFile,
      },
      30_000,
      scratch.root,
      join('scripts', 'dev.mjs'),
    );
    started.push({ dev, lifetimesFile });
    return dev;
  }

  function editProbeText(from: string, to: string): void {
    const source = join(scratch.root, DEV_PROBE_TEXT_FILE);
    writeFileSync(source, readFileSync(source, 'utf8').replace(from, to));
  }

  beforeAll(() => {
    scratch = ScratchProject.create();
    addDevScriptProbe(scratch.root);
    copyTemplateDatabase(dataDir);
  });

  afterAll(async () => {
    for (const { dev, lifetimesFile: file } of started) {
      await dev.stop();
      // A failed test may have left an app running that dev.mjs no longer stops.
      for (const pid of appPids(file)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
    scratch?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('running', () => {
    let server: ServerProcess;

    beforeAll(async () => {
      server = await startDev('running');
    }, 40_000);

    it("should build the copy's dist/ and serve the app from it", async () => {
      const response = await fetch(`${server.url}${DEV_PROBE_TEXT_PATH}`);

      expect(await response.text()).toBe(DEV_PROBE_ORIGINAL_TEXT);
      expect(server.output()).toMatch(/\[dev\] [1-9]\d* files compiled; watching src\//);
      expect(existsSync(join(scratch.root, 'dist', 'main.js'))).toBe(true);
      expect(lifetimes()).toEqual([expect.stringMatching(/^start \d+$/)]);
    });

    it('should rebuild a changed source and serve it from a new app, started once the old one had exited', async () => {
      const inFlight = slowRequest(server);
      await untilOutput(server, SLOW_REQUEST_STARTED);
      editProbeText(DEV_PROBE_ORIGINAL_TEXT, CHANGED_TEXT);

      await untilOutput(server, /Listening on[\s\S]*Listening on/, 20_000);
      // With PORT=0 the new app listens on a port of its own.
      const [, port] = [...server.output().matchAll(/Listening on http:\/\/localhost:(\d+)/g)].at(-1)!;
      const response = await fetch(`http://127.0.0.1:${port}${DEV_PROBE_TEXT_PATH}`);

      expect(await response.text()).toBe(CHANGED_TEXT);
      expect(await inFlight).toBe(200);
      expect(server.output()).toMatch(RESTARTING);
      const [first, second] = appPids();
      expect(lifetimes()).toEqual([`start ${first}`, `exit ${first}`, `start ${second}`]);
    }, 30_000);

    it('should restart, compiling nothing, when a .graphql file changes (the schema-first schema is read at start)', async () => {
      writeFileSync(join(scratch.root, GRAPHQL_FILE), 'extend type Query {\n  devProbe: String\n}\n');

      await untilOutput(server, /(Listening on[\s\S]*){3}/, 20_000);
      const [, port] = [...server.output().matchAll(/Listening on http:\/\/localhost:(\d+)/g)].at(-1)!;
      const response = await fetch(`http://127.0.0.1:${port}/schema-first/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ __type(name: "Query") { fields { name } } }' }),
      });

      expect(JSON.stringify(await response.json())).toContain('"devProbe"');
      expect(server.output()).toMatch(
        new RegExp(`\\[dev\\] ${GRAPHQL_FILE_PATTERN} \\(\\d+ ms\\): restarting`),
      );
    }, 30_000);

    it('should name the file, line and column of a .graphql syntax error, and serve again once it is mended', async () => {
      const probe = join(scratch.root, GRAPHQL_FILE);
      writeFileSync(probe, 'extend type Query {\n  devProbe String\n}\n');

      await untilOutput(
        server,
        new RegExp(`${GRAPHQL_FILE_PATTERN}:2:12: Syntax Error: Expected ":", found Name "String"\\.`),
        20_000,
      );
      writeFileSync(probe, 'extend type Query {\n  devProbe: String\n}\n');

      await untilOutput(server, /(Listening on[\s\S]*){4}/, 20_000);
    }, 45_000);

    it('should stop the app on SIGTERM, then exit 0, leaving no process behind', async () => {
      const last = appPids().at(-1)!;

      expect(await server.stop('SIGTERM')).toBe(0);
      expect(lifetimes().at(-1)).toBe(`exit ${last}`);
      expect(isRunning(last)).toBe(false);
    }, 15_000);
  });

  describe('stopped during a restart', () => {
    let server: ServerProcess;

    beforeAll(async () => {
      server = await startDev('stopped-during-restart');
    }, 40_000);

    it('should wait for the old app to exit, start no new one, and exit 0', async () => {
      const [first] = appPids();
      const inFlight = slowRequest(server);
      await untilOutput(server, SLOW_REQUEST_STARTED);
      editProbeText(CHANGED_TEXT, DEV_PROBE_ORIGINAL_TEXT);
      await untilOutput(server, RESTARTING);

      expect(await server.stop('SIGTERM')).toBe(0);
      expect(lifetimes()).toEqual([`start ${first}`, `exit ${first}`]);
      expect(isRunning(first)).toBe(false);
      expect(await inFlight).toBe(200);
    }, 15_000);
  });
});
