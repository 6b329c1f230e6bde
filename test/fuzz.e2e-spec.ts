import fc from 'fast-check';
import request from 'supertest';
import { PROBE_HTTP } from './fixtures/probe/http/probe-http.module';
import { bodyFor, expectHandled, FUZZ_ENV, FUZZ_RUNS, queryValue, sendJson, shaped } from './utils/fuzz';
import { createTestApp, type TestApp } from './utils/test-app';

// Property-based: whatever a client sends, the app answers it (no 5xx) and stays up (test/utils/fuzz.ts).
// Printable ASCII: what an HTTP client can put in a header at all.
const headerValue = fc.string({ maxLength: 200 });

// Through the test-only probe (test/fixtures/probe): the routes and operations of the app's infrastructure (body
// parsing, validation, the guard, ids, lists, the database) with no demo feature. test/demo/fuzz.e2e-spec.ts
// fuzzes the demo's own.
describe('fuzzing the HTTP and GraphQL surface (fast-check)', () => {
  let sut: TestApp;
  let token: string;

  beforeAll(async () => {
    sut = await createTestApp(FUZZ_ENV, PROBE_HTTP);
    token = sut.aliceToken();
  }, 30_000);

  afterAll(() => sut.close());

  // Every property ends here too: the app still answers its health check.
  afterEach(async () => {
    await request(sut.http).get('/health').expect(200);
  });

  it('POST /probe/echo, PUT /probe/http/items/:id, DELETE /probe/notes/:id: any JSON body, any id', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyFor('name', 'count', 'label'),
        fc.string({ unit: 'binary', maxLength: 30 }),
        async (body, id) => {
          const path = encodeURIComponent(id);
          expectHandled(await sendJson(request(sut.http).post('/probe/echo'), body));
          expectHandled(await sendJson(request(sut.http).put(`/probe/http/items/${path}`), body));
          expectHandled(
            await request(sut.http).delete(`/probe/notes/${path}`).set('Authorization', `Bearer ${token}`),
          );
        },
      ),
      FUZZ_RUNS,
    );
  }, 60_000);

  it('POST /auth/login: any JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(bodyFor('username', 'password'), async (body) => {
        const response = await sendJson(request(sut.http).post('/auth/login'), body);

        expectHandled(response);
        expect([200, 400, 401, 429]).toContain(response.status);
      }),
      // Found by this suite: PostgreSQL text cannot hold NUL, and the lookup failed with 500 (now 401: no such user).
      { ...FUZZ_RUNS, examples: [[{ username: '\u0000', password: '\u0000' }]] },
    );
  }, 60_000);

  it('GraphQL string literals: a NUL character in a query answers BAD_USER_INPUT, not 500', async () => {
    // GraphQL's own \u escapes reach the database whatever the JSON body looks like.
    const { body } = await request(sut.http)
      .post('/graphql')
      .set('Authorization', `Bearer ${token}`)
      .send({ query: 'mutation { createProbeNote(input: { text: "\\u0000" }) { id } }' })
      .expect(200);

    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('query strings: GET /probe/http/items?limit, /probe/notes?offset&limit, /probe/wait?ms (small waits only)', async () => {
    // ms is kept to what a test can wait for: any string but digits above 50.
    const ms = queryValue.filter(
      (value) => typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) <= 50,
    );
    await fc.assert(
      fc.asyncProperty(queryValue, queryValue, queryValue, ms, async (limit, offset, other, wait) => {
        expectHandled(await request(sut.http).get('/probe/http/items').query({ limit }));
        expectHandled(await request(sut.http).get('/probe/notes').query({ offset, limit, other }));
        expectHandled(await request(sut.http).get('/probe/wait').query({ ms: wait }));
      }),
      FUZZ_RUNS,
    );
  }, 60_000);

  it('headers: any Authorization and Content-Type', async () => {
    const authorization = fc.oneof(
      headerValue,
      headerValue.map((value) => `Bearer ${value}`),
    );
    const contentType = fc.oneof(
      headerValue,
      fc
        .constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded')
        .chain((type) => headerValue.map((parameters) => `${type}; ${parameters}`)),
    );
    await fc.assert(
      fc.asyncProperty(authorization, contentType, async (auth, type) => {
        expectHandled(await request(sut.http).get('/auth/profile').set('Authorization', auth));
        expectHandled(await request(sut.http).delete('/probe/http/items/1').set('Authorization', auth));
        expectHandled(await request(sut.http).get('/probe/admin').set('Authorization', auth));
        const body = '{"name":"Tom","count":3,"label":"Tabby"}';
        expectHandled(await request(sut.http).post('/probe/http/items').set('Content-Type', type).send(body));
        expectHandled(
          await request(sut.http)
            .post('/graphql')
            .set('Content-Type', type)
            .set('Authorization', auth)
            .send('{"query":"{ probeNotes { id } }"}'),
        );
      }),
      FUZZ_RUNS,
    );
  }, 60_000);

  it('GraphQL variables: any JSON for createProbeNote, probeNote and probeNotes, with and without a token', async () => {
    const operations = [
      'mutation ($input: ProbeNoteInput!) { createProbeNote(input: $input) { id } }',
      'query ($id: Int!) { probeNote(id: $id) { id text } }',
      'query ($limit: Int) { probeNotes(limit: $limit) { id } }',
    ];
    const variables = fc.oneof(
      fc.jsonValue(),
      shaped('id', 'input', 'limit'),
      fc.record({ id: fc.jsonValue(), input: shaped('text', 'extra') }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        variables,
        fc.boolean(),
        async (query, vars, signedIn) => {
          const call = request(sut.http).post('/graphql');
          if (signedIn) call.set('Authorization', `Bearer ${token}`);
          const response = await call.send({ query, variables: vars });

          expectHandled(response);
          for (const error of (response.body as { errors?: Array<{ extensions?: { code?: string } }> })
            .errors ?? []) {
            expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
          }
        },
      ),
      {
        ...FUZZ_RUNS,
        examples: [
          [operations[0], { input: { text: 'a\u0000b' } }, true],
          [operations[1], { id: 2 ** 31 }, false],
          [operations[2], { limit: 2 ** 31 }, false],
        ],
      },
    );
  }, 60_000);

  it('should refuse a body nested past the limit with a 400 naming the field', async () => {
    // As text: 5 000 levels would overflow this process's JSON.stringify too.
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const response = await request(sut.http)
      .post('/probe/echo')
      .set('Content-Type', 'application/json')
      .send(`{"name":${deep}}`)
      .expect(400);

    expect(JSON.stringify(response.body)).toMatch(/name nests objects or arrays/);
  });

  it('should answer a subscription sent over HTTP with 400 BAD_REQUEST, saying where subscriptions are', async () => {
    for (const [path, message] of [
      ['/graphql', 'subscribe over WebSocket at /graphql'],
      ['/schema-first/graphql', '/schema-first/graphql has no subscriptions'],
    ]) {
      const response = await request(sut.http)
        .post(path)
        .send({ query: 'subscription { probeNoteAdded { id } }' })
        .expect(400);
      const [error] = (response.body as { errors: Array<{ message: string; extensions: { code: string } }> })
        .errors;
      expect(error.extensions.code).toBe('BAD_REQUEST');
      expect(error.message).toContain(message);
    }
  });

  // graphql-js 16 throws on these while it validates (a 500 before), whichever operation the request runs.
  it.each([
    [
      'a variable',
      'query Q { __typename } subscription S($on: Boolean!) { probeNoteAdded @include(if: $on) { id } }',
    ],
    [
      'a literal, through a fragment',
      'query Q { __typename } subscription S { ...F } fragment F on Subscription { probeNoteAdded @skip(if: true) { id } }',
    ],
  ])(
    'should refuse @skip or @include on the root field of a subscription, with %s, as a validation error',
    async (_case, query) => {
      for (const method of ['POST', 'GET'] as const) {
        const response =
          method === 'POST'
            ? await request(sut.http).post('/graphql').send({ query, operationName: 'Q' })
            : await request(sut.http)
                .get('/graphql')
                .query({ query, operationName: 'Q' })
                .set('Apollo-Require-Preflight', '1');

        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          errors: [
            {
              message:
                'Subscription "S" must not use `@skip` or `@include` directives in the top level selection.',
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            },
          ],
        });
      }
    },
  );
});
