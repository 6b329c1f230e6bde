import { mkdtempSync, rmSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/database/database.client';
import { PROBE_HTTP_SERVER_SCRIPT } from './fixtures/probe/http/server-script';
import { ROOT } from './utils/paths';
import { startServer, type ServerProcess, untilOutput } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';
import { TEST_JWT_SECRET } from './utils/test-app';
import type { GraphqlBody } from './utils/graphql';

// Stack frames, file paths, SQL and driver messages: none may reach a client in production.
const INTERNALS =
  /\n\s+at |\.[jt]s:\d+|node_modules|stacktrace|select |column "|text_renamed|does not exist/i;

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET };

/** Node >= 22.15: module hooks, with which the app swaps @nestjs/swagger for its stand-in in production. */
const MODULE_HOOKS = 'registerHooks' in nodeModule;

/** Preloaded into the app: prints `loaded <file>` for each file of @nestjs/swagger the process loads. */
const REPORT_SWAGGER_LOADS = `--require ${join(__dirname, 'fixtures', 'report-swagger-loads.cjs')}`;

/**
 * The probe's notes table made ahead of the app, with its text column under another name: reading notes then
 * fails inside the database, an unexpected error with SQL and a column name in its message. (The probe makes its
 * table only if it is missing.)
 */
async function createBrokenProbeTable(dataDir: string): Promise<void> {
  const connection = await openDatabase({ dataDir });
  await connection.db.execute(sql`create schema probe`);
  await connection.db.execute(
    sql`create table probe.notes (id serial primary key, text_renamed varchar(200), user_id integer)`,
  );
  await connection.close();
}

describe('production mode (the app with the test-only probe, NODE_ENV=production)', () => {
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-prod-'));

  beforeAll(async () => {
    copyTemplateDatabase(dataDir);
    await createBrokenProbeTable(dataDir);
    server = await startServer({ ...PRODUCTION, DATA_DIR: dataDir }, 60_000, ROOT, PROBE_HTTP_SERVER_SCRIPT);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const graphql = async (path: string, query: string): Promise<GraphqlBody> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const text = await response.text();
    expect(text).not.toMatch(INTERNALS);
    return JSON.parse(text) as GraphqlBody;
  };

  describe.each(['/graphql', '/schema-first/graphql'])('GraphQL at %s', (path) => {
    it.each([
      ['__schema', '{ __schema { types { name } } }'],
      ['__type', '{ __type(name: "ProbeNote") { fields { name } } }'],
    ])('should refuse introspection through %s', async (_case, query) => {
      const body = await graphql(path, query);

      expect(body.data).toBeUndefined();
      expect(body.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('should serve no IDE', async () => {
      const page = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });

      expect((await page.text()).toLowerCase()).not.toContain('graphiql');
    });

    it.each([
      ['field', '{ probeNotes { tex } }'],
      ['argument', '{ probeNotes(limt: 1) { id } }'],
      ['type', 'query ($limit: Intt!) { probeNotes(limit: $limit) { id } }'],
    ])('should suggest no names for a misspelt %s', async (_case, query) => {
      const body = await graphql(path, query);

      expect(body.errors!.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toMatch(/Did you mean/);
    });
  });

  it.each([
    ['/graphql', '{ probeNotes { id text } }'],
    ['/schema-first/graphql', '{ probeNotes { id text } }'],
  ])('should mask an unexpected error at %s, and log it', async (path, query) => {
    const body = await graphql(path, query);

    expect(body.errors).toEqual([expect.objectContaining({ message: 'Internal server error' })]);
    expect(body.errors![0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    // In a JSON log line: its quotes escaped.
    await untilOutput(server, /column \\"text\\" does not exist/);
  });

  it('should mask an unexpected error over HTTP: exactly Nest’s generic 500', async () => {
    const response = await fetch(`${server.url}/probe/notes`);
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(text).not.toMatch(INTERNALS);
  });

  it.each([
    ['malformed JSON', { 'Content-Type': 'application/json' }, '{"name":', 400],
    ['an unsupported charset', { 'Content-Type': 'application/json; charset=utf-99' }, '{}', 415],
    ['an unknown route', { 'Content-Type': 'application/json' }, '{}', 404],
  ])('should answer %s without internals', async (_case, headers, body, status) => {
    const path = status === 404 ? '/nowhere' : '/probe/echo';
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });

    expect(response.status).toBe(status);
    expect(await response.text()).not.toMatch(INTERNALS);
  });

  it.each([
    [{ count: 'three' }, 'count must be an integer between 0 and 50'],
    [{ count: null }, 'count must be an integer between 0 and 50'],
    [{}, 'Nothing to update: send at least one of name, count, label'],
  ])(
    'should validate a DTO made with PartialType all the same: PUT /probe/http/items/1 %j → 400',
    async (body, message) => {
      const response = await fetch(`${server.url}/probe/http/items/1`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    },
  );

  it('should not publish /metrics without a METRICS_TOKEN: 404, as for any unknown path', async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: 'Bearer anything-at-all-0000' },
    });

    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/http_request_duration_seconds/);
  });

  it('should send no CORS header by default (CORS_ORIGINS unset)', async () => {
    const response = await fetch(`${server.url}/probe`, {
      headers: { Origin: 'https://elsewhere.example' },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the built app in production (node dist/main.js): demo data, API docs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-prod-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const loginAsAlice = (server: ServerProcess) =>
    fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'alice-password' }),
    });

  it('should not be seeded by default: alice cannot log in on a fresh data directory', async () => {
    const server = await startServer({ ...PRODUCTION, DATA_DIR: dataDir }, 60_000);
    const response = await loginAsAlice(server);
    expect(await server.stop()).toBe(0);

    expect(response.status).toBe(401);
  }, 90_000);

  it('should be seeded when SEED_DEMO=true: then alice can', async () => {
    const server = await startServer(
      { ...PRODUCTION, DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_OPTIONS: REPORT_SWAGGER_LOADS },
      60_000,
    );
    const response = await loginAsAlice(server);
    expect(await server.stop()).toBe(0);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 60,
      refresh_token: expect.any(String),
    });
    if (MODULE_HOOKS) expectOnlySwaggerShimLoaded(server);
  }, 90_000);
});

/** The start loaded no file of @nestjs/swagger but its no-op decorators (no API docs in production). */
function expectOnlySwaggerShimLoaded(server: ServerProcess): void {
  const loaded = server.output().match(/^loaded .*$/gm);

  expect(loaded).toEqual(['loaded @nestjs/swagger/dist/extra/swagger-shim.js']);
}
