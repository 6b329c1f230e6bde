import request from 'supertest';
import { PROBE } from './fixtures/probe/probe.module';
import { createTestApp, type TestApp } from './utils/test-app';

// The default (CORS_ORIGINS unset: no header for any origin) is checked on the real process in
// production.e2e-spec.ts; the configuration is read once per file.
describe('CORS with an allow-list (CORS_ORIGINS)', () => {
  let sut: TestApp;
  const ALLOWED = 'https://app.example';

  beforeAll(async () => {
    // The test-only probe (test/fixtures/probe): a public route to send cross-origin requests to.
    sut = await createTestApp({ CORS_ORIGINS: ` ${ALLOWED} , https://admin.example` }, PROBE);
  }, 30_000);

  afterAll(() => sut.close());

  it.each([ALLOWED, 'https://admin.example'])('should allow %s, with credentials', async (origin) => {
    const response = await request(sut.http).get('/probe').set('Origin', origin).expect(200);

    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('should let scripts of an allowed origin read the headers of a list (Link, X-Total-Count)', async () => {
    const response = await request(sut.http).get('/probe').set('Origin', ALLOWED).expect(200);

    expect(response.headers['access-control-expose-headers']).toBe('Link,X-Total-Count');
  });

  it.each(['https://evil.example', 'https://app.example.evil.example', 'http://app.example', 'null'])(
    'should not allow %s (no Access-Control-Allow-Origin)',
    async (origin) => {
      const response = await request(sut.http).get('/probe').set('Origin', origin).expect(200);

      // Without Allow-Origin the browser hides the answer (the cors package sends Allow-Credentials regardless).
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('should answer a preflight for GraphQL from an allowed origin, and none from another', async () => {
    const preflight = (origin: string) =>
      request(sut.http)
        .options('/graphql')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,authorization');

    const allowed = await preflight(ALLOWED).expect(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(allowed.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/i);

    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('should add the header to GraphQL answers for an allowed origin', async () => {
    const response = await request(sut.http)
      .post('/graphql')
      .set('Origin', ALLOWED)
      .send({ query: '{ probeNotes { id } }' })
      .expect(200);

    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.body).toEqual({ data: { probeNotes: [] } });
  });
});
