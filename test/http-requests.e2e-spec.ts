import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { PROBE_HTTP } from './fixtures/probe/http/probe-http.module';
import { sendRawHttp } from './utils/raw-http';
import { useTestApp } from './utils/test-app';

// What every route of the app gets from its infrastructure: body parsing and its limits, validation, the guard's
// 401, query strings, security headers, sessions. Tried on the test-only probe (test/fixtures/probe/http), so
// that it holds with no demo feature; the demo's own routes are tested in test/demo/.
const UNAUTHORIZED = { statusCode: 401, message: 'Unauthorized' };
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;
const item = { name: 'Tom', count: 3, label: 'Maine Coon' };
const ITEMS = '/probe/http/items';
const VISITS = '/probe/http/visits';

describe('HTTP requests, on every route (the test-only probe)', () => {
  const sut = useTestApp({}, PROBE_HTTP);

  describe('a JSON body', () => {
    it('should reach the handler with only the fields of its DTO (unknown properties stripped)', async () => {
      const response = await request(sut.http)
        .post(ITEMS)
        .send({ ...item, isAdmin: true, owner: { id: 1 } })
        .expect(201);

      expect(response.body).toEqual(item);
    });

    it.each([
      ['count is a string', { ...item, count: '3' }, 'count must be an integer between 0 and 50'],
      ['count is a fraction', { ...item, count: 2.5 }, 'count must be an integer between 0 and 50'],
      ['count is negative', { ...item, count: -1 }, 'count must be an integer between 0 and 50'],
      ['name is a number', { ...item, name: 42 }, 'name must be a string'],
      ['label is empty', { ...item, label: '' }, 'label should not be empty'],
      [
        'name is too long',
        { ...item, name: 'x'.repeat(101) },
        'name must be shorter than or equal to 100 characters',
      ],
    ])('should answer 400 when %s', async (_case, body, message) => {
      const response = await request(sut.http).post(ITEMS).send(body).expect(400);

      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.body.message).toContain(message);
    });

    it('should answer 400 naming every missing field', async () => {
      const response = await request(sut.http).post(ITEMS).send({}).expect(400);

      expect(response.body.message).toEqual(
        expect.arrayContaining([
          'name must be a string',
          'count must be an integer between 0 and 50',
          'label must be a string',
        ]),
      );
    });

    it('should answer 400 without a body', async () => {
      const response = await request(sut.http).post(ITEMS).expect(400);

      expect(response.body.message).toContain('name must be a string');
    });

    it('should answer 400, not 500, for malformed JSON and say so', async () => {
      const response = await request(sut.http)
        .post(ITEMS)
        .set('Content-Type', 'application/json')
        .send('{"name": "Tom",')
        .expect(400);

      expect(response.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/JSON/) });
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js|node_modules/);
    });

    // Parsed before routing: a route of a feature, one of the app's own, and no route at all.
    it.each(['/probe/echo', '/auth/login', '/no-such-route'])(
      'should answer malformed JSON with 400, not 500, on %s',
      async (path) => {
        const response = await request(sut.http)
          .post(path)
          .set('Content-Type', 'application/json')
          .send('{"name": ')
          .expect(400);

        expect(response.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: expect.stringMatching(/JSON/),
        });
      },
    );

    it.each([
      ['an array', '[]'],
      ['an array of items', JSON.stringify([item])],
      ['a string', '"Tom"'],
      ['null', 'null'],
    ])('should answer 400 when the body is %s', async (_case, body) => {
      const response = await request(sut.http).post(ITEMS).set('Content-Type', 'application/json').send(body);

      expect(response.status).toBe(400);
    });

    it.each([
      ['null', 'null'],
      ['a number', '42'],
      ['a string', '"Tom"'],
    ])('should say that a JSON body must be an object when it is %s', async (_case, body) => {
      const response = await request(sut.http)
        .put(`${ITEMS}/1`)
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);

      expect(response.body).toEqual({
        statusCode: 400,
        message: 'A JSON body must be an object',
        error: 'Bad Request',
      });
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['no Content-Type', undefined],
    ])('should answer 415 to a JSON body sent as %s, not a 400 listing every field', async (_case, type) => {
      const post = request(sut.http).post(ITEMS);
      if (type) post.set('Content-Type', type);
      const response = await post.send(Buffer.from(JSON.stringify(item)));

      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        statusCode: 415,
        message: 'A request body must be sent as application/json',
        error: 'Unsupported Media Type',
      });
    });

    it('should answer 415 to a form, whose values are all text (count could never be a number)', async () => {
      const response = await request(sut.http).post(ITEMS).type('form').send(item).expect(415);

      expect(response.body.message).toBe('A request body must be sent as application/json');
    });

    it('should answer 413 for a 2 MB body, on a create and an update', async () => {
      const response = await request(sut.http)
        .post(ITEMS)
        .send({ ...item, name: 'x'.repeat(2 * 1024 * 1024) })
        .expect(413);
      await request(sut.http)
        .put(`${ITEMS}/1`)
        .send({ label: 'x'.repeat(2 * 1024 * 1024) })
        .expect(413);

      expect(response.body).toEqual({ statusCode: 413, message: 'request entity too large' });
    });
  });

  describe('a partial update (a DTO made with PartialType, NonEmptyBodyPipe)', () => {
    it('should take some of the fields and strip unknown properties', async () => {
      const response = await request(sut.http)
        .put(`${ITEMS}/1`)
        .send({ count: 4, color: 'black' })
        .expect(200);

      expect(response.body).toEqual({ id: '1', changes: { count: 4 } });
    });

    it('should answer 400 when a field has the wrong type', async () => {
      const response = await request(sut.http).put(`${ITEMS}/1`).send({ count: 'old' }).expect(400);

      expect(response.body.message).toContain('count must be an integer between 0 and 50');
    });

    it('should answer 400 for null in a field that needs a value', async () => {
      const response = await request(sut.http)
        .put(`${ITEMS}/1`)
        .send({ name: null, count: null })
        .expect(400);

      expect(response.body.message).toEqual(
        expect.arrayContaining([expect.stringContaining('name'), expect.stringContaining('count')]),
      );
    });

    it('should answer 400 when no field is set (unknown ones are stripped first)', async () => {
      for (const body of [{}, { color: 'black' }]) {
        const response = await request(sut.http).put(`${ITEMS}/1`).send(body).expect(400);

        expect(response.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Nothing to update: send at least one of name, count, label',
        });
      }
    });

    it('should answer 400 for malformed JSON', async () => {
      const response = await request(sut.http)
        .put(`${ITEMS}/1`)
        .set('Content-Type', 'application/json')
        .send('{count: 4}')
        .expect(400);

      expect(response.body.message).toMatch(/JSON/);
    });
  });

  describe('a limit in the query string', () => {
    it('should read it as a number', async () => {
      await request(sut.http).get(`${ITEMS}?limit=5`).expect(200, { limit: 5 });
    });

    it.each([ITEMS, `${ITEMS}?limit=`])('should use a limit of 10 when none is given (%s)', async (path) => {
      await request(sut.http).get(path).expect(200, { limit: 10 });
    });

    it.each(['abc', '1.5', '0', '101'])('should answer 400 for limit=%s', async (limit) => {
      const response = await request(sut.http).get(ITEMS).query({ limit }).expect(400);

      expect(response.body.message).toContain('limit must be an integer between 1 and 100');
    });

    it('should answer 400 for a limit given twice, saying so', async () => {
      const response = await request(sut.http).get(`${ITEMS}?limit=5&limit=6`).expect(400);

      expect(response.body.message).toEqual(['limit is given more than once: give it once']);
    });

    it('should answer 400 for a bracketed name rather than ignore it (axios sends arrays so)', async () => {
      const response = await request(sut.http).get(`${ITEMS}?limit[]=5`).expect(400);

      expect(response.body.message).toEqual([
        'limit[] is not a query parameter: names take no brackets (send limit=…)',
      ]);
    });
  });

  describe('a route that needs a token, on a public controller', () => {
    it('should answer 401 with the exact body without a token', async () => {
      const response = await request(sut.http).delete(`${ITEMS}/1`).expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });

    it('should answer 401 with an invalid token', async () => {
      const response = await request(sut.http)
        .delete(`${ITEMS}/1`)
        .set('Authorization', `Bearer ${sut.aliceToken()}x`)
        .expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });

    it('should answer with a valid token', async () => {
      await request(sut.http)
        .delete(`${ITEMS}/1`)
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .expect(200, { removed: '1' });
    });

    it('should accept a token from a real login', async () => {
      const login = await request(sut.http)
        .post('/auth/login')
        .send({ username: 'alice', password: 'alice-password' })
        .expect(200);

      await request(sut.http)
        .delete(`${ITEMS}/7`)
        .set('Authorization', `Bearer ${login.body.access_token}`)
        .expect(200, { removed: '7' });
    });
  });

  describe('headers', () => {
    it("should send helmet's security headers, worked out once at start, and no X-Powered-By", async () => {
      const first = await request(sut.http).get(`${ITEMS}/1`).expect(200);
      const second = await request(sut.http).get(`${ITEMS}/2`).expect(200);

      expect(first.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("script-src 'self'"),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringContaining('max-age='),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
      });
      expect(first.headers).not.toHaveProperty('x-powered-by');
      const security = (headers: Record<string, string>) =>
        Object.entries(headers).filter(
          ([name]) => !['date', 'etag', 'content-length', 'x-request-id'].includes(name),
        );
      expect(security(second.headers)).toEqual(security(first.headers));
    });

    it('should answer 400 to two Host headers, where Node would take the first and a proxy perhaps the last', async () => {
      const server = sut.http.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const answer = await sendRawHttp(
        (server.address() as AddressInfo).port,
        'GET /probe HTTP/1.1\r\nHost: acme.example.com\r\nHost: globex.example.com\r\n\r\n',
      );
      await new Promise((resolve) => server.close(resolve));

      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"message":"A request must have one Host header"');
    });

    it('should not believe X-Forwarded-For or X-Forwarded-Proto without TRUST_PROXY', async () => {
      const forwarded = await request(sut.http)
        .get('/probe/http/client')
        .set('X-Forwarded-For', '203.0.113.7')
        .expect(200);
      const session = await request(sut.http).get(VISITS).set('X-Forwarded-Proto', 'https').expect(200);

      expect(forwarded.body.ip).toMatch(LOOPBACK);
      expect(session.headers['set-cookie']).toEqual([expect.not.stringMatching(/;\s*Secure/i)]);
    });
  });

  describe('a cookie-backed session (on the routes that apply SessionMiddleware)', () => {
    it('should count visits', async () => {
      const agent = request.agent(sut.http);

      const first = await agent.get(VISITS).expect(200);
      await agent.get(VISITS).expect(200, { visits: 2 });
      await agent.get(VISITS).expect(200, { visits: 3 });

      expect(first.body).toEqual({ visits: 1 });
      expect(first.headers['set-cookie']).toEqual([
        expect.stringMatching(/^sid=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/),
      ]);
    });

    it('should count every one of concurrent visits (express-session would write the last sum back)', async () => {
      const agent = request.agent(sut.http);
      await agent.get(VISITS).expect(200, { visits: 1 });

      await Promise.all(Array.from({ length: 20 }, () => agent.get(VISITS).expect(200)));

      await agent.get(VISITS).expect(200, { visits: 22 });
    });

    it('should give each client its own session', async () => {
      await request.agent(sut.http).get(VISITS).expect(200, { visits: 1 });
      await request.agent(sut.http).get(VISITS).expect(200, { visits: 1 });
    });

    it('should start a new session when the cookie is forged', async () => {
      await request(sut.http)
        .get(VISITS)
        .set('Cookie', 'sid=s%3Aforged.signature')
        .expect(200, { visits: 1 });
    });

    it('should not set a session cookie on other routes', async () => {
      const response = await request(sut.http).get('/probe').expect(200);

      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });
});
