import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_FIRST_PATH } from '../src/graphql/code-first/code-first-graphql.module';
import { SCHEMA_FIRST_PATH } from '../src/graphql/schema-first/schema-first-graphql.module';
import { ADA, type GraphqlBody, POSTS_OF } from './utils/graphql';
import { forgeJwt } from './utils/jwt';
import { startServer, type ServerProcess } from './utils/server-process';
import { copyTemplateDatabase } from './utils/template-database';
import { TEST_JWT_SECRET } from './utils/test-app';

// Both GraphQL endpoints on one real production process (test/production.e2e-spec.ts covers the masking of
// internal errors on a deliberately broken database; this one runs on the intact demo data).
describe('GraphQL endpoints in production (node dist/main.js, NODE_ENV=production)', () => {
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-gql-prod-'));

  beforeAll(async () => {
    copyTemplateDatabase(dataDir);
    server = await startServer({
      NODE_ENV: 'production',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    });
  }, 60_000);

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

  const errorCodesOf = async (responses: Promise<Response>[]) => {
    const bodies = (await Promise.all(
      (await Promise.all(responses)).map((response) => response.json()),
    )) as GraphqlBody[];
    expect(JSON.stringify(bodies)).not.toMatch(/stacktrace|Did you mean|\.js:\d+/);
    return bodies.map((body) => body.errors![0].extensions.code);
  };

  // Schema first: the built app reads the .graphql files from src/.
  describe.each([CODE_FIRST_PATH, SCHEMA_FIRST_PATH])('%s', (path) => {
    it('should answer queries', async () => {
      const response = await post(path, '{ author(id: 1) { firstName posts { title } } }');

      expect(await response.json()).toEqual({
        data: { author: { firstName: ADA.firstName, posts: [{ title: POSTS_OF[ADA.id][0].title }] } },
      });
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
      post(CODE_FIRST_PATH, '{ authorByName(lastName: "Tu") { id } }'),
      post(CODE_FIRST_PATH, 'mutation { upvotePost(postId: 1) { id } }'),
      post(CODE_FIRST_PATH, '{ author(id: 1) { firstNam } }'),
      post(CODE_FIRST_PATH, '{ author(id: '),
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
    const books = 'query ($filter: BookFilter) { books(filter: $filter) { totalCount } }';
    const createPost =
      'mutation ($input: CreatePostInput!) { createPost(authorId: 1, input: $input) { id } }';
    const codes = await errorCodesOf([
      post(CODE_FIRST_PATH, books, {}, { filter: { autorId: 1 } }),
      post(CODE_FIRST_PATH, books, {}, { filter: { genre: 'poetry' } }),
      post(SCHEMA_FIRST_PATH, createPost, {}, { input: { titl: 'abcd' } }),
    ]);

    expect(codes).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'BAD_USER_INPUT']);
  });

  it('should answer schema-first errors without stack traces or field suggestions', async () => {
    const now = Math.floor(Date.now() / 1000);
    const auth = {
      Authorization: `Bearer ${forgeJwt({ sub: 1, username: 'alice', roles: ['admin'], iat: now, exp: now + 60 }, { secret: TEST_JWT_SECRET })}`,
    };
    const codes = await errorCodesOf([
      post(SCHEMA_FIRST_PATH, 'mutation { createPost(authorId: 1, input: { title: "ab" }) { id } }', auth),
      post(SCHEMA_FIRST_PATH, 'mutation { upvotePost(postId: 1) { id } }'),
      post(SCHEMA_FIRST_PATH, 'mutation { upvotePost(postId: 999) { id } }', auth),
      post(SCHEMA_FIRST_PATH, '{ author(id: 1) { firstNam } }'),
      post(SCHEMA_FIRST_PATH, '{ author(id: '),
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
