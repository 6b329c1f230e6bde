import request from 'supertest';
import { QueryCounter } from '../src/database/query-counter';
import { createTestApp, type TestApp } from './utils/test-app';
import type { GraphqlBody } from './utils/graphql';

// Small limits, so that each one is easy to cross; the defaults are what every other suite runs with.
const LIMITS = {
  GRAPHQL_MAX_DEPTH: '4',
  GRAPHQL_MAX_ALIASES: '3',
  GRAPHQL_MAX_DIRECTIVES: '3',
  GRAPHQL_MAX_COST: '150',
  GRAPHQL_MAX_TOKENS: '150',
  GRAPHQL_MAX_RESPONSE_BYTES: '500',
};

describe('GraphQL hardening (both endpoints)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(LIMITS);
  }, 30_000);

  afterAll(() => sut.close());

  async function post(path: string, body: unknown, auth?: string) {
    const call = request(sut.http)
      .post(path)
      .send(body as object);
    if (auth) call.set('Authorization', auth);
    const response = await call;
    expect(JSON.stringify(response.body)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
    return { status: response.status, body: response.body as GraphqlBody };
  }

  describe('document limits', () => {
    const refusals: Array<[string, string, string, RegExp]> = [
      [
        'too deep',
        '/graphql',
        '{ authors { edges { node { posts { id } } } } }',
        /^Query depth 5 exceeds the limit of 4\.$/,
      ],
      [
        'too many aliases',
        '/graphql',
        '{ a: authorCount b: authorCount c: authorCount d: authorCount }',
        /^Query aliases 4 exceeds the limit of 3\.$/,
      ],
      [
        'too many directives',
        '/graphql',
        '{ authorCount @include(if: true) findAllWarrior @include(if: true) { id @skip(if: false) name @include(if: true) } }',
        /^Query directives 4 exceeds the limit of 3\.$/,
      ],
      [
        'too costly (lists count their declared bounds: 10 authors, 10 posts each)',
        '/graphql',
        '{ authors { nodes { id firstName lastName posts { id title votes } } } }',
        /^Query cost 342 exceeds the limit of 150\.$/,
      ],
      [
        'too many aliases',
        '/schema-first/graphql',
        '{ a: author(id: 1) { id } b: author(id: 2) { id } c: author(id: 3) { id } d: author(id: 4) { id } }',
        /^Query aliases 4 exceeds the limit of 3\.$/,
      ],
      [
        'too costly',
        '/schema-first/graphql',
        `{ author(id: 1) { ${'posts { id title votes } '.repeat(5)}} }`,
        /^Query cost 156 exceeds the limit of 150\.$/,
      ],
    ];

    it.each(refusals)(
      'should refuse a document %s at %s with 400 GRAPHQL_VALIDATION_FAILED, before any resolver runs',
      async (_case, path, query, message) => {
        const counter = sut.app.get(QueryCounter);
        const before = counter.count;

        const { status, body } = await post(path, { query });

        expect(status).toBe(400);
        expect(body.data).toBeUndefined();
        expect(body.errors).toHaveLength(1);
        expect(body.errors![0].message).toMatch(message);
        expect(body.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(counter.count).toBe(before);
      },
    );

    it.each([
      ['as deep as allowed', '{ authors { nodes { posts { id } } } }'],
      ['as many aliases as allowed', '{ a: authorCount b: authorCount c: authorCount }'],
      [
        'as many directives as allowed',
        '{ authorCount @include(if: true) findAllWarrior @skip(if: false) { id @skip(if: false) } }',
      ],
    ])('should answer a document %s', async (_case, query) => {
      const { status, body } = await post('/graphql', { query });

      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
    });

    it.each(['/graphql', '/schema-first/graphql'])(
      'should stop parsing a document of more tokens than allowed at %s: 400 GRAPHQL_PARSE_FAILED',
      async (path) => {
        const query = `{ ${'__typename '.repeat(200)}}`;

        const { status, body } = await post(path, { query });

        expect(status).toBe(400);
        expect(body.errors![0].message).toMatch(/more that 150 tokens/);
        expect(body.errors![0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      },
    );
  });

  describe('introspection (development and test: production turns it off)', () => {
    const refusals: Array<[string, string, RegExp]> = [
      [
        'more aliases than allowed',
        `{ ${['a', 'b', 'c', 'd'].map((alias) => `${alias}: __schema { types { name } }`).join(' ')} }`,
        /^Query aliases 4 exceeds the limit of 3\.$/,
      ],
      [
        'deeper than the standard introspection query',
        `{ __type(name: "Author") { ${'ofType { '.repeat(20)} name ${'} '.repeat(20)} } }`,
        /^Query introspection depth 22 exceeds the limit of \d+\.$/,
      ],
      [
        'costlier than the standard introspection query',
        '{ a: __schema { ...Nested } b: __schema { ...Nested } } fragment Nested on __Schema { types { fields { args { type { fields { args { type { name } } } } } } } }',
        /^Query introspection cost \d+ exceeds the limit of \d+\.$/,
      ],
    ];

    describe.each(['/graphql', '/schema-first/graphql'])('at %s', (path) => {
      it.each(refusals)(
        'should refuse a document %s with 400 GRAPHQL_VALIDATION_FAILED',
        async (_case, query, message) => {
          const { status, body } = await post(path, { query });

          expect(status).toBe(400);
          expect(body.errors).toEqual([
            expect.objectContaining({
              message: expect.stringMatching(message),
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
          ]);
        },
      );

      it('should answer an introspection within the limits, deeper than GRAPHQL_MAX_DEPTH like the standard query', async () => {
        const query =
          '{ __type(name: "Author") { fields { name type { kind ofType { kind ofType { name } } } } } }';

        const { status, body } = await post(path, { query });

        expect(status).toBe(200);
        expect(body.errors).toBeUndefined();
      });
    });
  });

  describe('persisted queries (APQ, not used: turned off)', () => {
    describe.each(['/graphql', '/schema-first/graphql'])('at %s', (path) => {
      it.each<[string, { query?: string; sha256Hash: string }]>([
        [
          'with a hash that does not match the query',
          { query: '{ author(id: 1) { id } }', sha256Hash: 'f'.repeat(64) },
        ],
        ['with a hash alone', { sha256Hash: 'f'.repeat(64) }],
      ])(
        'should answer a request %s with PERSISTED_QUERY_NOT_SUPPORTED, running nothing',
        async (_case, { query, sha256Hash }) => {
          const counter = sut.app.get(QueryCounter);
          const before = counter.count;

          const { status, body } = await post(path, {
            query,
            extensions: { persistedQuery: { version: 1, sha256Hash } },
          });

          // Apollo's status for this answer: the APQ protocol has clients resend the full query, without the hash.
          expect(status).toBe(200);
          expect(body).toEqual({
            errors: [
              {
                message: 'PersistedQueryNotSupported',
                extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
              },
            ],
          });
          expect(counter.count).toBe(before);
        },
      );
    });
  });

  describe('response size', () => {
    // Cheap documents whose answers repeat the longest aliases allowed once per post: what the cost cannot see.
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => letter.repeat(64));

    it.each([
      ['/graphql', `{ findAllPost { ${a}: title ${b}: title ${c}: title id votes } }`],
      [
        '/schema-first/graphql',
        `{ ${a}: author(id: 2) { id firstName lastName __typename posts { ${b}: title ${c}: title id votes __typename } } }`,
      ],
    ])(
      'should replace an answer over GRAPHQL_MAX_RESPONSE_BYTES at %s with one RESPONSE_TOO_LARGE error',
      async (path, query) => {
        const response = await request(sut.http).post(path).send({ query });

        expect(response.status).toBe(200);
        expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(500);
        expect(response.body).toEqual({
          errors: [
            {
              message: expect.stringMatching(
                /^The response would be \d+ bytes, more than the limit of 500: ask for fewer items or fields\.$/,
              ),
              extensions: { code: 'RESPONSE_TOO_LARGE' },
            },
          ],
          data: null,
        });
      },
    );

    it('should send an answer within the limit as it is', async () => {
      const { status, body } = await post('/graphql', { query: '{ findAllPost { id title } }' });

      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data!.findAllPost).toHaveLength(4);
    });
  });

  describe('transport', () => {
    it.each(['/graphql', '/schema-first/graphql'])(
      'should refuse a batch (JSON array) at %s with 400 BAD_REQUEST',
      async (path) => {
        const query = '{ author(id: 1) { id } }';

        const { status, body } = await post(path, [{ query }, { query }]);

        expect(status).toBe(400);
        expect(body.errors![0]).toMatchObject({
          message: 'Operation batching disabled.',
          extensions: { code: 'BAD_REQUEST' },
        });
      },
    );

    it.each(['/graphql', '/schema-first/graphql'])(
      'should refuse simple requests that a browser sends cross-site at %s (CSRF prevention)',
      async (path) => {
        const query = '{ author(id: 1) { id } }';

        await request(sut.http)
          .post(path)
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ query }))
          .expect(400);
        const get = await request(sut.http).get(path).query({ query }).set('Accept', 'application/json');
        expect(get.status).toBe(400);
        expect(get.text).toMatch(/CSRF/);
      },
    );
  });

  describe('a field that needs a token (AuthorStats.rank, guards on field resolvers)', () => {
    const query = '{ authorStats(authorId: 2) { authorId totalVotes rank } }';

    it.each([
      ['no token', undefined],
      ['a token that is not ours', 'Bearer not-a-token'],
    ])(
      'should answer null for the field with UNAUTHENTICATED at its path with %s, the rest intact',
      async (_case, auth) => {
        const { status, body } = await post('/graphql', { query }, auth);

        expect(status).toBe(200);
        expect(body.data).toEqual({ authorStats: { authorId: 2, totalVotes: 7, rank: null } });
        expect(body.errors).toEqual([
          {
            message: 'Unauthorized',
            locations: [{ line: 1, column: 50 }],
            path: ['authorStats', 'rank'],
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ]);
      },
    );

    it('should answer the field with a valid token', async () => {
      const token = sut.aliceToken();
      const ranks = '{ ada: authorStats(authorId: 1) { rank } alan: authorStats(authorId: 2) { rank } }';

      const { body } = await post('/graphql', { query: ranks }, `Bearer ${token}`);

      expect(body).toEqual({ data: { ada: { rank: 2 }, alan: { rank: 1 } } });
    });

    it('should leave public field resolvers public (Author.posts)', async () => {
      const { body } = await post('/graphql', { query: '{ author(id: 1) { posts { id } } }' });

      expect(body).toEqual({ data: { author: { posts: [{ id: 1 }] } } });
    });
  });
});
