import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GRAPHQL_SDL_FILE_HEADER, GraphQLTypesLoader } from '@nestjs/graphql';
import { buildSchema, type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import request from 'supertest';
import { exampleQuery } from '../src/graphql/graphiql/example-query';
import { schemaFirstTypePaths } from '../src/graphql/schema-first/typings';
import { ProbeNotesRepository } from './fixtures/probe/probe-notes.repository';
import { PROBE_GRAPHQL } from './fixtures/probe/graphql/probe-graphql.module';
import { errorOf, type GraphqlBody, graphqlClient, introspect } from './utils/graphql';
import { ROOT } from './utils/paths';
import { countSqlStatements } from './utils/sql-statements';
import { useTestApp } from './utils/test-app';

/** The schema as SDL, sorted, so that two schemas compare as text. */
const sdlOf = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));

const ENDPOINTS = [
  { name: 'code-first', path: '/graphql' },
  { name: 'schema-first', path: '/schema-first/graphql' },
];

const CREATE_NOTE =
  'mutation ($text: String!) { createProbeNote(input: { text: $text }) { id text userId } }';
const RENAME_ITEM =
  'mutation ($id: Int!, $label: String!) { renameProbeItem(id: $id, input: { label: $label }) { id label } }';

// The app alone: its committed schema describes it, whatever test-only modules other suites add.
describe('the code-first schema file', () => {
  const sut = useTestApp();

  it('should match the committed src/schema.gql (regenerate: npm run graphql:schema, or start in development)', async () => {
    const schema = await introspect(graphqlClient(sut, '/graphql'));
    const generated = `${GRAPHQL_SDL_FILE_HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;

    expect(readFileSync(join(ROOT, 'src', 'schema.gql'), 'utf8')).toBe(generated);
  });
});

// What both endpoints do for any feature, tried on the test-only probe (test/fixtures/probe); the demo's authors
// and posts on them: test/demo/graphql-endpoints.e2e-spec.ts.
describe('GraphQL endpoints (code-first /graphql, schema-first /schema-first/graphql)', () => {
  const sut = useTestApp({}, PROBE_GRAPHQL);
  const codeFirst = graphqlClient(sut, '/graphql');
  const schemaFirst = graphqlClient(sut, '/schema-first/graphql');

  /** How many SQL statements `run` costs. */
  const sqlStatementsOf = async (run: () => Promise<unknown>) =>
    (await countSqlStatements(sut.app, run)).statements;
  const noteCount = async () =>
    ((await codeFirst('{ probeNotes(limit: 100) { id } }')).data!.probeNotes as unknown[]).length;

  describe.each(ENDPOINTS)('$name endpoint ($path)', (endpoint) => {
    const gql = graphqlClient(sut, endpoint.path);

    it('should refuse 40 aliases over __schema (the reported case: 194 kB from 1.9 kB) at the default limits', async () => {
      const aliases = Array.from(
        { length: 40 },
        (_, i) => `s${i}: __schema { types { name fields { name } } }`,
      );

      const { status, errors } = await gql(`{ ${aliases.join(' ')} }`);

      expect(status).toBe(400);
      expect(errors!.map(({ message }) => message)).toEqual(['Query aliases 40 exceeds the limit of 15.']);
    });

    it('should mask an unexpected error: a generic message, no details, no stack trace', async () => {
      const body = await gql('{ probeFail }');

      expect(errorOf(body)).toEqual({
        message: 'Internal server error',
        locations: [{ line: 1, column: 3 }],
        path: ['probeFail'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(JSON.stringify(body)).not.toContain('probe failure');
    });

    it('should refuse a JSON-less (simple) request: CSRF prevention', async () => {
      await request(sut.http)
        .post(endpoint.path)
        .set('Content-Type', 'text/plain')
        .send('{"query":"{ probeItem(id: 1) { id } }"}')
        .expect(400);
    });

    it('should refuse a list argument that is not an Int before running (GraphQL validation)', async () => {
      const body = await gql('{ probeItems(limit: "ten") { id } }');

      expect(body.status).toBe(400);
      expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it(`should serve the GraphiQL page at GET ${endpoint.path} for a browser, with same-origin assets only (offline, no CDN)`, async () => {
      const page = await request(sut.http).get(endpoint.path).set('Accept', 'text/html').expect(200);
      const html = page.text;
      const assets = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]);

      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(html).toContain(`data-endpoint="${endpoint.path}"`);
      expect(html).not.toMatch(/https?:\/\//);
      expect(assets).toHaveLength(6);
      expect(assets.every((url) => url.startsWith('/') && !url.startsWith('//'))).toBe(true);
      // No inline script, so helmet's Content-Security-Policy (script-src 'self') lets the page run.
      expect(html.match(/<script\b[^>]*>/g)!.every((tag) => / src="/.test(tag))).toBe(true);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");

      for (const url of assets) {
        const asset = await request(sut.http).get(url).expect(200);
        expect(asset.headers['content-type']).toMatch(
          url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
        );
        expect(Number(asset.headers['content-length'] ?? asset.text.length)).toBeGreaterThan(0);
        if (url.endsWith('.css')) expect(asset.text).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
      }
    });

    it('should open GraphiQL on an example query of its own schema that runs, not on the welcome comment', async () => {
      const page = await request(sut.http).get(endpoint.path).set('Accept', 'text/html').expect(200);
      const [, attribute] = /data-default-query="([^"]*)"/.exec(page.text)!;
      const query = attribute.replace(/&#(\d+);/g, (_match, code: string) =>
        String.fromCharCode(Number(code)),
      );
      const schema = await introspect(graphqlClient(sut, endpoint.path));

      const { data, errors } = await gql<Record<string, unknown>>(query, {
        auth: `Bearer ${sut.aliceToken()}`,
      });

      expect(query).toBe(exampleQuery(schema));
      expect(errors).toBeUndefined();
      expect(Object.values(data!)).toEqual([expect.any(Object)]);
    });

    describe('a mutation (needs a token)', () => {
      it.each([
        ['no Authorization header', undefined],
        ['a token that is not ours', 'Bearer nonsense'],
        ['another scheme', `Basic ${Buffer.from('alice:alice-password').toString('base64')}`],
      ])('should answer UNAUTHENTICATED with %s', async (_case, auth) => {
        const body = await gql(RENAME_ITEM, { variables: { id: 1, label: 'Uninvited' }, auth });

        expect(errorOf(body)).toMatchObject({
          message: 'Unauthorized',
          path: ['renameProbeItem'],
          extensions: { code: 'UNAUTHENTICATED' },
        });
        expect(body.data).toEqual({ renameProbeItem: null });
      });

      it('should answer with a token from POST /auth/login', async () => {
        const login = await request(sut.http)
          .post('/auth/login')
          .send({ username: 'bob', password: 'bob-password' })
          .expect(200);

        const body = await gql(RENAME_ITEM, {
          variables: { id: 3, label: 'x'.repeat(20) },
          auth: `Bearer ${login.body.access_token as string}`,
        });

        expect(body).toEqual({ status: 200, data: { renameProbeItem: { id: 3, label: 'x'.repeat(20) } } });
      });

      it.each([
        ['', 'label must be longer than or equal to 1 characters'],
        ['x'.repeat(21), 'label must be shorter than or equal to 20 characters'],
      ])('should refuse the input %p with BAD_USER_INPUT', async (label, message) => {
        const body = await gql(RENAME_ITEM, {
          variables: { id: 1, label },
          auth: `Bearer ${sut.aliceToken()}`,
        });

        expect(errorOf(body)).toMatchObject({
          message,
          path: ['renameProbeItem'],
          extensions: { code: 'BAD_USER_INPUT', validationErrors: [message] },
        });
        expect(body.data).toEqual({ renameProbeItem: null });
      });

      it('should refuse an input without a required field before running (GraphQL validation)', async () => {
        const body = await gql('mutation { renameProbeItem(id: 1, input: {}) { id } }', {
          auth: `Bearer ${sut.aliceToken()}`,
        });

        expect(body.status).toBe(400);
        expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      });

      it('should answer NOT_FOUND for an unknown id', async () => {
        const body = await gql(RENAME_ITEM, {
          variables: { id: 0, label: 'Ghost' },
          auth: `Bearer ${sut.aliceToken()}`,
        });

        expect(body.status).toBe(200);
        expect(errorOf(body)).toEqual({
          message: 'Item 0 not found',
          locations: [{ line: 1, column: 41 }],
          path: ['renameProbeItem'],
          extensions: { code: 'NOT_FOUND' },
        });
        expect(body.data).toEqual({ renameProbeItem: null });
      });
    });
  });

  it('should serve only the GraphiQL files it knows', async () => {
    await request(sut.http).get('/graphiql/package.json').expect(404);
    await request(sut.http).get('/graphiql/..%2F..%2Fpackage.json').expect(404);
  });

  describe('code-first only (/graphql)', () => {
    afterEach(() => jest.restoreAllMocks());

    it('should mask an unexpected error of the database: no connection string', async () => {
      // `probeNote(id)` reads through the request's loader, so through getByIds.
      jest
        .spyOn(ProbeNotesRepository.prototype, 'getByIds')
        .mockRejectedValueOnce(new Error('connect ECONNREFUSED postgres://app:s3cret@db:5432'));

      const body = await codeFirst('{ probeNote(id: 1) { id } }');

      expect(errorOf(body)).toEqual({
        message: 'Internal server error',
        locations: [{ line: 1, column: 3 }],
        path: ['probeNote'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(JSON.stringify(body)).not.toContain('s3cret');
    });

    it('should load three records through the request loader in one SQL query (DataLoader)', async () => {
      let body: GraphqlBody | undefined;
      const statements = await sqlStatementsOf(async () => {
        body = await codeFirst(
          '{ a: probeNote(id: 1) { id } b: probeNote(id: 2) { id } c: probeNote(id: 1) { text } }',
        );
      });

      expect(body).toEqual({ status: 200, data: { a: null, b: null, c: null } });
      expect(statements).toBe(1);
    });

    it.each([
      ['(limit: 0)', ['limit must be an integer between 1 and 100']],
      ['(limit: 101)', ['limit must be an integer between 1 and 100']],
      ['(offset: -1)', ['offset must be an integer, 0 or more']],
      [
        '(offset: -1, limit: 1000)',
        ['offset must be an integer, 0 or more', 'limit must be an integer between 1 and 100'],
      ],
    ])('should refuse page arguments %s with BAD_USER_INPUT, every message', async (args, messages) => {
      const body = await codeFirst(`{ probeItems${args} { id } }`);

      expect(errorOf(body)).toMatchObject({
        message: messages.join('; '),
        path: ['probeItems'],
        extensions: { code: 'BAD_USER_INPUT', validationErrors: messages },
      });
      expect(body.data).toBeNull();
    });

    it('should take null page arguments as their defaults (offset 0, limit 10)', async () => {
      const body = await codeFirst<{ probeItems: Array<{ id: number }> }>(
        '{ probeItems(offset: null, limit: null) { id } }',
      );

      expect(body.data!.probeItems.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    describe('createProbeNote (needs a token)', () => {
      it.each([
        ['no Authorization header', undefined],
        ['a token that is not ours', 'Bearer nonsense'],
        ['another scheme', `Basic ${Buffer.from('alice:alice-password').toString('base64')}`],
      ])('should answer UNAUTHENTICATED with %s, and create nothing', async (_case, auth) => {
        const before = await noteCount();

        const body = await codeFirst(CREATE_NOTE, { variables: { text: `Uninvited ${_case}` }, auth });

        expect(errorOf(body)).toMatchObject({
          message: 'Unauthorized',
          path: ['createProbeNote'],
          extensions: { code: 'UNAUTHENTICATED' },
        });
        // A non-null field's null passes up to `data`.
        expect(body.data).toBeNull();
        expect(await noteCount()).toBe(before);
      });

      it.each([
        ['', 'text must be longer than or equal to 1 characters'],
        ['x'.repeat(201), 'text must be shorter than or equal to 200 characters'],
      ])('should refuse the text %p with BAD_USER_INPUT, and create nothing', async (text, message) => {
        const before = await noteCount();

        const body = await codeFirst(CREATE_NOTE, {
          variables: { text },
          auth: `Bearer ${sut.aliceToken()}`,
        });

        expect(errorOf(body)).toMatchObject({
          message,
          path: ['createProbeNote'],
          extensions: { code: 'BAD_USER_INPUT', validationErrors: [message] },
        });
        expect(await noteCount()).toBe(before);
      });

      it("should store the note as the token's user, then read it through the loader", async () => {
        const body = await codeFirst<{ createProbeNote: { id: number } }>(CREATE_NOTE, {
          variables: { text: 'Written by bob' },
          auth: `Bearer ${sut.bobToken()}`,
        });
        const { id } = body.data!.createProbeNote;

        expect(body.data).toEqual({ createProbeNote: { id, text: 'Written by bob', userId: 2 } });
        await expect(codeFirst(`{ probeNote(id: ${id}) { id text userId } }`)).resolves.toEqual({
          status: 200,
          data: { probeNote: { id, text: 'Written by bob', userId: 2 } },
        });
      });
    });
  });

  describe('schema-first only (/schema-first/graphql)', () => {
    it('should serve exactly the schema of its .graphql files (src/**, and the probe): no code-first type or query', async () => {
      const schema = await introspect(schemaFirst);
      // The files merged the way the endpoint merges them (one Query type out of many files).
      const typePaths = [...schemaFirstTypePaths(ROOT), ...PROBE_GRAPHQL.schemaFirst!.typePaths];
      const files = await new GraphQLTypesLoader().mergeTypesByPaths(typePaths);

      expect(sdlOf(schema)).toBe(sdlOf(buildSchema(files)));
      expect(Object.keys(schema.getTypeMap())).not.toContain('ProbeNoteInput');
      expect(schema.getQueryType()!.getFields()).not.toHaveProperty('probeNote');
      expect(schema.getQueryType()!.getFields()).toHaveProperty('me');
    });

    it('should refuse a code-first query before running (GraphQL validation)', async () => {
      const body = await schemaFirst('{ probeNote(id: 1) { id } }');

      expect(body.status).toBe(400);
      expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });
});
