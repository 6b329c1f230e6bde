/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH, DIST_MAIN, ROOT } from './paths.mjs';
import { startServer } from './process.mjs';

export const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnop';

/** A temporary directory for this run: the databases and every log. */
export const runDir = mkdtempSync(join(tmpdir(), 'nest-bench-'));
export const logFile = (name) => join(runDir, `${name}.log`);
process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));

/**
 * The benchmark database, prepared once and never served from: every app gets a copy of it (freshDataDir), so no
 * scenario inherits what another left in the database (the login throttle's counters above all: a flood fills
 * 127.0.0.1's, and the next scenario's logins were refused with 429).
 */
const TEMPLATE_DIR = join(runDir, 'template');
const DATA_DIR_LOCK_FILE = 'data-dir.lock'; // src/database/data-dir-lock.ts

/**
 * The app's environment for a benchmark: as deployed (NODE_ENV=production: no API docs, no GraphiQL, no seeding),
 * since that is the configuration whose speed matters. DEVELOPMENT is the development configuration without its
 * one side effect (rewriting src/schema.gql at start), so a benchmark never writes to the tree.
 */
export function appEnv(extra = {}) {
  return { NODE_ENV: 'production', JWT_SECRET, JWT_EXPIRES_IN: '3600', ...extra };
}
export const DEVELOPMENT = { NODE_ENV: 'test' };

/** Authors in the benchmark database: the demo's three plus generated ones, two posts each. */
export const AUTHORS = 100;

let templateReady;

/**
 * Creates the benchmark database once (a fresh PGlite database takes seconds): the app migrates and seeds it,
 * then the demo authors are topped up to AUTHORS so that pages of every size are full.
 */
function prepareTemplate() {
  return (templateReady ??= (async () => {
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    const app = await startServer({
      script: DIST_MAIN,
      cwd: ROOT,
      env: appEnv({ ...DEVELOPMENT, DATA_DIR: TEMPLATE_DIR }),
      readyPath: '/health',
      logFile: logFile('app-first-start'),
    });
    await app.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(join(TEMPLATE_DIR, 'pglite'));
    await db.exec(`
      insert into authors (first_name, last_name)
        select 'Author' || n, 'Number' || n from generate_series((select count(*) from authors) + 1, ${AUTHORS}) as n;
      insert into posts (title, votes, author_id)
        select 'Post ' || p || ' of ' || a.id, p, a.id from authors a, generate_series(1, 2) as p where a.id > 3;`);
    await db.close();
  })());
}

let copies = 0;

/**
 * A data directory of its own holding the benchmark database as prepared, for one app (or for the repeated starts
 * of one measurement). PGlite is single-process and each app locks its DATA_DIR: the copy leaves the lock out.
 */
export async function freshDataDir(name) {
  await prepareTemplate();
  copies += 1;
  const dir = join(runDir, `data-${copies}-${name}`);
  cpSync(TEMPLATE_DIR, dir, {
    recursive: true,
    filter: (source) => !source.endsWith(DATA_DIR_LOCK_FILE),
  });
  return dir;
}

/**
 * `node dist/main.js` on a free loopback port, ready once `readyPath` answers 200; on a fresh copy of the
 * benchmark database unless `dataDir` names one. `command` runs it on another Node binary.
 */
export async function startApp({
  name = 'app',
  env = {},
  nodeArgs = [],
  dataDir,
  readyPath = '/health',
  command,
} = {}) {
  return startServer({
    script: DIST_MAIN,
    command,
    cwd: ROOT,
    nodeArgs,
    env: appEnv({ DATA_DIR: dataDir ?? (await freshDataDir(name)), ...env }),
    readyPath,
    logFile: logFile(name),
  });
}

/** A baseline server from bench/servers/ on a free loopback port, ready once `readyPath` answers 200. */
export function startBaseline({ name, script, env = {}, readyPath, command }) {
  return startServer({
    script: join(BENCH, 'servers', script),
    command,
    env,
    readyPath,
    logFile: logFile(name),
  });
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
