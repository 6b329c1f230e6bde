import request from 'supertest';
import { QueryCounter } from '../src/database/query-counter';
import { PROBE_GRAPHQL } from './fixtures/probe/graphql/probe-graphql.module';
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

// On the probe's items (test/fixtures/probe/graphql): their sizes do not change when features are added.
describe('GraphQL hardening (both endpoints)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp(LIMITS, PROBE_GRAPHQL);
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
    // Items with their children: a page of 10 by default, each child list 10 too.
    const costly = '{ probeItems { id label children { id label } } }';
    const refusals: Array<[string, string, string, RegExp]> = [
      [
        'too deep',
        '/graphql',
        '{ probeItems(limit: 1) { children(limit: 1) { children(limit: 1) { children(limit: 1) { id } } } } }',
        /^Query depth 5 exceeds the limit of 4\.$/,
      ],
      [
        'too many aliases',
        '/graphql',
        '{ a: probeItem(id: 1) { id } b: probeItem(id: 2) { id } c: probeItem(id: 3) { id } d: probeItem(id: 4) { id } }',
        /^Query aliases 4 exceeds the limit of 3\.$/,
      ],
      [
        'too many directives',
        '/graphql',
        '{ probeItem(id: 1) @include(if: true) { id @skip(if: false) label @include(if: true) } probeItems @include(if: true) { id } }',
        /^Query directives 4 exceeds the limit of 3\.$/,
      ],
      [
        'too costly (lists count their declared bounds: 10 items, 10 children each)',
        '/graphql',
        costly,
        /^Query cost 231 exceeds the limit of 150\.$/,
      ],
      [
        'too many aliases',
        '/schema-first/graphql',
        '{ a: probeItem(id: 1) { id } b: probeItem(id: 2) { id } c: probeItem(id: 3) { id } d: probeItem(id: 4) { id } }',
        /^Query aliases 4 exceeds the limit of 3\.$/,
      ],
      ['too costly', '/schema-first/graphql', costly, /^Query cost 231 exceeds the limit of 150\.$/],
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
      ['as deep as allowed', '{ probeItems(limit: 1) { children(limit: 1) { children(limit: 1) { id } } } }'],
      [
        'as many aliases as allowed',
        '{ a: probeItem(id: 1) { id } b: probeItem(id: 2) { id } c: probeItem(id: 3) { id } }',
      ],
      [
        'as many directives as allowed',
        '{ probeItem(id: 1) @include(if: true) { id @skip(if: false) } probeItems(limit: 1) @skip(if: false) { id } }',
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
        `{ __type(name: "ProbeItem") { ${'ofType { '.repeat(20)} name ${'} '.repeat(20)} } }`,
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

      // On the probe's note (3 fields on both endpoints), so the answer stays under GRAPHQL_MAX_RESPONSE_BYTES
      // whatever features the schema has.
      it('should answer an introspection within the limits, deeper than GRAPHQL_MAX_DEPTH like the standard query', async () => {
        const query =
          '{ __type(name: "ProbeNote") { fields { name type { kind ofType { kind ofType { name } } } } } }';

        const { status, body } = await post(path, { query });

        expect(status).toBe(200);
        expect(body.errors).toBeUndefined();
        expect(body.data).toEqual({ __type: { fields: expect.any(Array) } });
      });
    });
  });

  describe('persisted queries (APQ, not used: turned off)', () => {
    describe.each(['/graphql', '/schema-first/graphql'])('at %s', (path) => {
      it.each<[string, { query?: string; sha256Hash: string }]>([
        [
          'with a hash that does not match the query',
          { query: '{ probeNotes { id } }', sha256Hash: 'f'.repeat(64) },
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
    // A cheap document whose answer repeats the longest aliases allowed once per item: what the cost cannot see.
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => letter.repeat(64));

    it.each([
      ['/graphql', `{ probeItems { ${a}: label ${b}: label ${c}: label id } }`],
      [
        '/schema-first/graphql',
        `{ ${a}: probeItem(id: 2) { id label __typename children { ${b}: label ${c}: label id __typename } } }`,
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
      const { status, body } = await post('/graphql', { query: '{ probeItems(limit: 4) { id label } }' });

      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data!.probeItems).toHaveLength(4);
    });
  });

  describe('transport', () => {
    it.each(['/graphql', '/schema-first/graphql'])(
      'should refuse a batch (JSON array) at %s with 400 BAD_REQUEST',
      async (path) => {
        const query = '{ probeItem(id: 1) { id } }';

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
        const query = '{ probeItem(id: 1) { id } }';

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

  describe('a field that needs a token (ProbeItem.secret, guards on field resolvers)', () => {
    const query = '{ probeItem(id: 2) { id label secret } }';

    it.each([
      ['no token', undefined],
      ['a token that is not ours', 'Bearer not-a-token'],
    ])(
      'should answer null for the field with UNAUTHENTICATED at its path with %s, the rest intact',
      async (_case, auth) => {
        const { status, body } = await post('/graphql', { query }, auth);

        expect(status).toBe(200);
        expect(body.data).toEqual({ probeItem: { id: 2, label: 'item 2', secret: null } });
        expect(body.errors).toEqual([
          {
            message: 'Unauthorized',
            locations: [{ line: 1, column: 31 }],
            path: ['probeItem', 'secret'],
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ]);
      },
    );

    it('should answer the field with a valid token', async () => {
      const token = sut.aliceToken();
      const secrets = '{ one: probeItem(id: 1) { secret } two: probeItem(id: 2) { secret } }';

      const { body } = await post('/graphql', { query: secrets }, `Bearer ${token}`);

      expect(body).toEqual({
        data: { one: { secret: 'secret of item 1' }, two: { secret: 'secret of item 2' } },
      });
    });

    it('should leave public field resolvers public (ProbeItem.children)', async () => {
      const { body } = await post('/graphql', {
        query: '{ probeItem(id: 1) { children(limit: 2) { id } } }',
      });

      expect(body).toEqual({ data: { probeItem: { children: [{ id: 2 }, { id: 3 }] } } });
    });
  });
});
