/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH, DIST_MAIN, ROOT } from './paths.mjs';
import { startServer } from './process.mjs';

export const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnop';

/** A temporary directory for this run: the app's data directory and every log. */
const runDir = mkdtempSync(join(tmpdir(), 'nest-bench-'));
export const DATA_DIR = join(runDir, 'data');
export const logFile = (name) => join(runDir, `${name}.log`);
process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));

/**
 * The app's environment for a benchmark: as deployed (NODE_ENV=production: no API docs, no GraphiQL, no seeding),
 * since that is the configuration whose speed matters. DEVELOPMENT is the development configuration without its
 * one side effect (rewriting src/schema.gql at start), so a benchmark never writes to the tree.
 */
export function appEnv(extra = {}) {
  return { NODE_ENV: 'production', JWT_SECRET, JWT_EXPIRES_IN: '3600', DATA_DIR, ...extra };
}
export const DEVELOPMENT = { NODE_ENV: 'test' };

/** Authors in the benchmark database: the demo's three plus generated ones, two posts each. */
export const AUTHORS = 100;

let dataDirReady;

/**
 * Creates the data directory once (a fresh PGlite database takes seconds), so every start reopens it: the app
 * migrates and seeds it, then the demo authors are topped up to AUTHORS so that pages of every size are full.
 */
export function prepareDataDir() {
  return (dataDirReady ??= (async () => {
    mkdirSync(DATA_DIR, { recursive: true });
    const app = await startApp({ name: 'app-first-start', env: DEVELOPMENT });
    await app.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(join(DATA_DIR, 'pglite'));
    await db.exec(`
      insert into authors (first_name, last_name)
        select 'Author' || n, 'Number' || n from generate_series((select count(*) from authors) + 1, ${AUTHORS}) as n;
      insert into posts (title, votes, author_id)
        select 'Post ' || p || ' of ' || a.id, p, a.id from authors a, generate_series(1, 2) as p where a.id > 3;`);
    await db.close();
  })());
}

/** `node dist/main.js` on a free loopback port, ready once /health answers 200. */
export async function startApp({ name = 'app', env = {}, nodeArgs = [] } = {}) {
  return startServer({
    script: DIST_MAIN,
    cwd: ROOT,
    nodeArgs,
    env: appEnv(env),
    readyPath: '/health',
    logFile: logFile(name),
  });
}

/**
 * A copy of the prepared data directory, for a second app running at the same time: PGlite is single-process,
 * so each app locks its DATA_DIR (the copy leaves the lock file out).
 */
export function copyOfDataDir(name) {
  const dir = join(runDir, name);
  cpSync(DATA_DIR, dir, { recursive: true, filter: (source) => !source.includes('data-dir.lock') });
  return dir;
}

/** A baseline server from bench/servers/ on a free loopback port, ready once `readyPath` answers 200. */
export function startBaseline({ name, script, env = {}, readyPath }) {
  return startServer({ script: join(BENCH, 'servers', script), env, readyPath, logFile: logFile(name) });
}

/** POST /auth/login as a demo user; the access token. */
export async function login(url, username = 'alice', password = `${username}-password`) {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200)
    throw new Error(`login as ${username}: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}
