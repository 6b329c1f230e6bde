// CI: the app as a deployment runs it. Builds here, copies what a deployment ships into a temporary folder,
// installs the production dependencies only (`npm ci --omit=dev`, as a Dockerfile does), then starts
// `node dist/main.js` there in production and in development mode and checks that each one serves.
/* global fetch, AbortSignal -- Node 20 globals, not in the shared ESLint config */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ROOT } from '../../bench/lib/paths.mjs';
import { startServer } from '../../bench/lib/process.mjs';

const NPM_TIMEOUT_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const log = (message) => console.log(`[production-install] ${message}`);

/** The schema-first `.graphql` files: the built app reads them from src/ at start. */
function graphqlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(path);
    return entry.name.endsWith('.graphql') ? [path] : [];
  });
}

/** What a deployment ships: the manifests, the build, the migrations and the schema-first schema. */
function copyDeployment(target) {
  for (const name of ['package.json', 'package-lock.json', 'dist', 'drizzle']) {
    cpSync(join(ROOT, name), join(target, name), { recursive: true });
  }
  for (const file of graphqlFiles(join(ROOT, 'src'))) {
    const copy = join(target, relative(ROOT, file));
    mkdirSync(dirname(copy), { recursive: true });
    cpSync(file, copy);
  }
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

/** /health, both GraphQL endpoints, a login as alice and a request with her token. */
async function checkServes(url) {
  await expectStatus(await get(`${url}/health`), 200, 'GET /health');
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

/** Starts the deployed app (its own data directory, demo data on), runs the checks, stops it with SIGTERM. */
async function startAndCheck(deployment, mode, env, extraChecks = async () => {}) {
  const logFile = join(deployment, `${mode}.log`);
  const server = await startServer({
    script: join(deployment, 'dist', 'main.js'),
    cwd: deployment,
    env: { ...env, DATA_DIR: join(deployment, `data-${mode}`), SEED_DEMO: 'true' },
    readyPath: '/health',
    logFile,
  });
  try {
    await checkServes(server.url);
    await extraChecks(server.url);
  } catch (error) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${mode}: ${error.message}\n--- ${mode} server log (tail) ---\n${tail}`);
  } finally {
    await server.stop();
  }
  if (server.child.exitCode !== 0)
    throw new Error(`${mode}: exit code ${server.child.exitCode} after SIGTERM`);
  log(`${mode}: ready in ${Math.round(server.startMs)} ms, served, stopped cleanly`);
}

async function main() {
  log('npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: NPM_TIMEOUT_MS });

  // Outside the checkout, so that no node_modules folder above it can stand in for a missing package.
  const deployment = mkdtempSync(join(tmpdir(), 'nest-deployment-'));
  try {
    copyDeployment(deployment);
    log(`npm ci --omit=dev in ${deployment}`);
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: deployment,
      stdio: 'inherit',
      timeout: NPM_TIMEOUT_MS,
    });

    await startAndCheck(deployment, 'production', {
      NODE_ENV: 'production',
      JWT_SECRET: 'production-install-check-0123456789abcdef',
    });
    // Development without the devDependencies: Swagger UI (a dependency) is there, GraphiQL simply absent.
    await startAndCheck(deployment, 'development', {}, async (url) => {
      await expectStatus(await get(`${url}/docs`), 200, 'GET /docs');
      await expectStatus(await get(`${url}/graphiql/graphiql.min.js`), 404, 'GET /graphiql/graphiql.min.js');
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
