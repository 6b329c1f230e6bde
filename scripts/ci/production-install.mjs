// CI: the Dockerfile's steps outside a container (there is no container engine here), from the same recipe
// (scripts/ci/deployment.mjs; test/deployment.e2e-spec.ts keeps the Dockerfile in step with it). Builds in the
// checkout (the build stage's `npm ci` is the checkout's own install, which CI has just run), assembles what a
// deployment ships into a temporary folder, installs the production dependencies only (RUNTIME_INSTALL: no
// TypeScript, ts-morph or other development tool, which `npm ls` must confirm), then starts the app there with the image's environment and command, in production and in development mode:
// each must pass the image's HEALTHCHECK, serve, and exit 0 on the image's stop signal.
/* global fetch, AbortSignal -- Node 20 globals, not in the shared ESLint config */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers';
import { ROOT } from '../../bench/lib/paths.mjs';
import { run, startServer } from '../../bench/lib/process.mjs';
import {
  assemble,
  BUILD_COMMANDS,
  DEVELOPMENT_TOOLS,
  HEALTHCHECK_COMMAND,
  RUNTIME_ENV,
  RUNTIME_INSTALL,
  START_COMMAND,
  STOP_SIGNAL,
} from './deployment.mjs';

const NPM_TIMEOUT_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const METRICS_TOKEN = 'production-install-metrics-token';
const log = (message) => console.log(`[production-install] ${message}`);

/** Runs one of the recipe's shell-free commands (`npm ci --omit=dev …`) in `cwd`. */
function runCommand(command, cwd) {
  log(`${command} (in ${cwd})`);
  const [file, ...args] = command.split(' ');
  execFileSync(file, args, { cwd, stdio: 'inherit', timeout: NPM_TIMEOUT_MS });
}

/** The names of every package in an `npm ls --json` tree. */
function packageNames(tree) {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, child]) => [name, ...packageNames(child)]);
}

/** `npm ls` in the deployment, at every depth: none of DEVELOPMENT_TOOLS may be there. */
function checkNoDevelopmentTools(deployment) {
  const ls = spawnSync('npm', ['ls', '--all', '--json', ...DEVELOPMENT_TOOLS], {
    cwd: deployment,
    encoding: 'utf8',
  });
  const found = [...new Set(packageNames(JSON.parse(ls.stdout)))].filter((name) =>
    DEVELOPMENT_TOOLS.includes(name),
  );
  if (found.length > 0) {
    throw new Error(
      `the production install has development tools: ${found.join(', ')} (npm ls ${found.join(' ')})`,
    );
  }
  log(`npm ls: none of ${DEVELOPMENT_TOOLS.join(', ')}`);
}

/** Bytes under a folder, its files' sizes added up. */
function folderBytes(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return total + folderBytes(path);
    return total + (entry.isFile() ? statSync(path).size : 0);
  }, 0);
}

const get = (url, headers = {}) => fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
const post = (url, body, headers = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });

/** The response's body, once its status is the one expected. */
async function expectStatus(response, status, what) {
  const body = await response.text();
  if (response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${body}`);
  return body;
}

/** The image's HEALTHCHECK command, run against the started app. */
async function checkHealthcheck(port, cwd) {
  const [file, ...args] = HEALTHCHECK_COMMAND;
  const { code, output } = await run(file === 'node' ? process.execPath : file, args, {
    cwd,
    env: { PATH: process.env.PATH, PORT: String(port) },
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  if (code !== 0) throw new Error(`HEALTHCHECK exited ${code}: ${output}`);
}

/** The probes, both GraphQL endpoints, a login as alice and a request with her token. */
async function checkServes(url) {
  for (const path of ['/health', '/health/live', '/health/ready']) {
    await expectStatus(await get(`${url}${path}`), 200, `GET ${path}`);
  }
  for (const path of ['/graphql', '/schema-first/graphql']) {
    const query = '{ author(id: 1) { firstName posts { title } } }';
    const body = await expectStatus(await post(`${url}${path}`, { query }), 200, `POST ${path}`);
    if (JSON.parse(body).data?.author?.firstName !== 'Ada')
      throw new Error(`POST ${path}: no data in ${body}`);
  }
  const login = await post(`${url}/auth/login`, { username: 'alice', password: 'alice-password' });
  const { access_token: token } = JSON.parse(await expectStatus(login, 200, 'POST /auth/login as alice'));
  const profile = await get(`${url}/auth/profile`, { authorization: `Bearer ${token}` });
  await expectStatus(profile, 200, 'GET /auth/profile');
}

/** The app as the image starts it (its own data directory, demo data on); runs the checks, stops it. */
async function startAndCheck(deployment, mode, env, extraChecks = async () => {}) {
  const logFile = join(deployment, `${mode}.log`);
  const [node, script] = START_COMMAND;
  if (node !== 'node') throw new Error(`the image starts ${node}: this script only knows how to start node`);
  const server = await startServer({
    script: join(deployment, script),
    cwd: deployment,
    env: { ...RUNTIME_ENV, ...env, DATA_DIR: join(deployment, `data-${mode}`), SEED_DEMO: 'true' },
    readyPath: '/health/ready',
    logFile,
  });
  try {
    await checkHealthcheck(server.port, deployment);
    await checkServes(server.url);
    await extraChecks(server.url);
  } catch (error) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${mode}: ${error.message}\n--- ${mode} server log (tail) ---\n${tail}`);
  } finally {
    const { child } = server;
    const exited = new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve),
    );
    child.kill(STOP_SIGNAL);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await server.stop(); // SIGKILL if it is still running
  }
  if (server.child.exitCode !== 0)
    throw new Error(`${mode}: exit code ${server.child.exitCode} after ${STOP_SIGNAL}`);
  log(`${mode}: ready in ${Math.round(server.startMs)} ms, healthy, served, stopped cleanly`);
}

async function main() {
  runCommand(BUILD_COMMANDS.at(-1), ROOT);

  // Outside the checkout, so that no node_modules folder above it can stand in for a missing package.
  const deployment = mkdtempSync(join(tmpdir(), 'nest-deployment-'));
  try {
    log(`assembling the deployment in ${deployment}`);
    assemble(ROOT, deployment);
    runCommand(RUNTIME_INSTALL, deployment);
    checkNoDevelopmentTools(deployment);
    const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
    log(
      `shipped: node_modules ${megabytes(folderBytes(join(deployment, 'node_modules')))}, in all ${megabytes(folderBytes(deployment))}`,
    );

    // The image's environment (NODE_ENV=production), and the production rules on top.
    await startAndCheck(
      deployment,
      'production',
      { JWT_SECRET: 'production-install-check-0123456789abcdef', METRICS_TOKEN },
      async (url) => {
        await expectStatus(await get(`${url}/metrics`), 401, 'GET /metrics without the token');
        const metrics = await get(`${url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
        if (!(await expectStatus(metrics, 200, 'GET /metrics')).includes('http_request_duration_seconds'))
          throw new Error('GET /metrics: no http_request_duration_seconds');
        const lines = readFileSync(join(deployment, 'production.log'), 'utf8').split('\n').filter(Boolean);
        const notJson = lines.filter((line) => !line.startsWith('{"level":'));
        if (notJson.length > 0) throw new Error(`log lines that are not JSON:\n${notJson.join('\n')}`);
      },
    );
    // Development without the devDependencies: Swagger UI (a dependency) is there, GraphiQL simply absent, and
    // the log lines stay JSON without pino-pretty.
    await startAndCheck(deployment, 'development', { NODE_ENV: 'development' }, async (url) => {
      await expectStatus(await get(`${url}/docs`), 200, 'GET /docs');
      await expectStatus(await get(`${url}/graphiql/graphiql.min.js`), 404, 'GET /graphiql/graphiql.min.js');
      await expectStatus(await get(`${url}/metrics`), 200, 'GET /metrics (open in development)');
    });
  } finally {
    rmSync(deployment, { recursive: true, force: true });
  }
}

main().then(
  () => log('passed'),
  (error) => {
    console.error(`[production-install] FAILED: ${error.message}`);
    process.exitCode = 1;
  },
);
