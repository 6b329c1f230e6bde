import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_FIRST_PATH } from '../src/graphql/code-first/code-first-graphql.module';
import { SCHEMA_FIRST_PATH } from '../src/graphql/schema-first/schema-first-graphql.module';
import { PROBE_GRAPHQL_SERVER_SCRIPT } from './fixtures/probe/graphql/probe-graphql.module';
import type { GraphqlBody } from './utils/graphql';
import { forgeJwt } from './utils/jwt';
import { ROOT } from './utils/paths';
import { startServer, type ServerProcess } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';
import { TEST_JWT_SECRET } from './utils/test-app';

// Both GraphQL endpoints on one real production process, with the test-only probe's items (test/fixtures/probe):
// their validated arguments, enum and inputs are what the errors are tried on. test/production.e2e-spec.ts covers
// the masking of internal errors on a deliberately broken database.
describe('GraphQL endpoints in production (a real process, NODE_ENV=production)', () => {
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-gql-prod-'));

  beforeAll(async () => {
    copyTemplateDatabase(dataDir);
    server = await startServer(
      { NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir, SEED_DEMO: 'false' },
      60_000,
      ROOT,
      PROBE_GRAPHQL_SERVER_SCRIPT,
    );
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (
    path: string,
    query: string,
    headers: Record<string, string> = {},
    variables?: Record<string, unknown>,
  ) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });

  const asAlice = () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 1, username: 'alice', roles: ['admin'], iat: now, exp: now + 60 };
    return { Authorization: `Bearer ${forgeJwt(claims, { secret: TEST_JWT_SECRET })}` };
  };

  const errorCodesOf = async (responses: Promise<Response>[]) => {
    const bodies = (await Promise.all(
      (await Promise.all(responses)).map((response) => response.json()),
    )) as GraphqlBody[];
    expect(JSON.stringify(bodies)).not.toMatch(/stacktrace|Did you mean|\.js:\d+|\.ts:\d+/);
    return bodies.map((body) => body.errors![0].extensions.code);
  };

  describe.each([CODE_FIRST_PATH, SCHEMA_FIRST_PATH])('%s', (path) => {
    it('should answer queries', async () => {
      const response = await post(path, '{ probeItem(id: 1) { label children(limit: 1) { label } } }');

      expect(await response.json()).toEqual({
        data: { probeItem: { label: 'item 1', children: [{ label: 'item 2' }] } },
      });
    });

    it('should answer me with a token', async () => {
      const response = await post(path, '{ me { id username } }', asAlice());

      expect(await response.json()).toEqual({ data: { me: { id: 1, username: 'alice' } } });
    });

    it('should refuse introspection', async () => {
      const body = (await (await post(path, '{ __schema { queryType { name } } }')).json()) as GraphqlBody;

      expect(body.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.data).toBeUndefined();
    });

    it('should serve no IDE page', async () => {
      const page = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });

      expect(await page.text()).not.toContain('graphiql');
    });
  });

  it('should serve no IDE asset', async () => {
    expect((await fetch(`${server.url}/graphiql/graphiql.min.js`)).status).toBe(404);
  });

  it('should answer code-first errors without stack traces or field suggestions', async () => {
    const codes = await errorCodesOf([
      post(CODE_FIRST_PATH, '{ probeItems(limit: 0) { id } }'),
      post(CODE_FIRST_PATH, 'mutation { renameProbeItem(id: 1, input: { label: "x" }) { id } }'),
      post(CODE_FIRST_PATH, '{ probeItem(id: 1) { labl } }'),
      post(CODE_FIRST_PATH, '{ probeItem(id: '),
    ]);

    expect(codes).toEqual([
      'BAD_USER_INPUT',
      'UNAUTHENTICATED',
      'GRAPHQL_VALIDATION_FAILED',
      'GRAPHQL_PARSE_FAILED',
    ]);
  });

  // Apollo's hideSchemaDetailsFromClientErrors strips them from validation errors only.
  it("should leave field and enum suggestions out of variables' errors too", async () => {
    const byParity = 'query ($parity: ProbeParity) { probeItems(parity: $parity) { id } }';
    const createNote = 'mutation ($input: ProbeNoteInput!) { createProbeNote(input: $input) { id } }';
    const rename = 'mutation ($input: ProbeRenameInput!) { renameProbeItem(id: 1, input: $input) { id } }';
    const codes = await errorCodesOf([
      post(CODE_FIRST_PATH, byParity, {}, { parity: 'EVN' }),
      post(CODE_FIRST_PATH, createNote, asAlice(), { input: { txt: 'abcd' } }),
      post(SCHEMA_FIRST_PATH, rename, asAlice(), { input: { labl: 'abcd' } }),
    ]);

    expect(codes).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'BAD_USER_INPUT']);
  });

  it('should answer schema-first errors without stack traces or field suggestions', async () => {
    const rename = (id: number, label: string) =>
      `mutation { renameProbeItem(id: ${id}, input: { label: "${label}" }) { id } }`;
    const codes = await errorCodesOf([
      post(SCHEMA_FIRST_PATH, rename(1, ''), asAlice()),
      post(SCHEMA_FIRST_PATH, rename(1, 'Renamed')),
      post(SCHEMA_FIRST_PATH, rename(0, 'Renamed'), asAlice()),
      post(SCHEMA_FIRST_PATH, '{ probeItem(id: 1) { labl } }'),
      post(SCHEMA_FIRST_PATH, '{ probeItem(id: '),
    ]);

    expect(codes).toEqual([
      'BAD_USER_INPUT',
      'UNAUTHENTICATED',
      'NOT_FOUND',
      'GRAPHQL_VALIDATION_FAILED',
      'GRAPHQL_PARSE_FAILED',
    ]);
  });
});
