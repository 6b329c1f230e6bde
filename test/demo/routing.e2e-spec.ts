import { PATH_METADATA } from '@nestjs/common/constants';
import request from 'supertest';
import { UnlistedController } from '../../src/routing/unlisted.controller';
import { createTestApp, TestApp } from '../utils/test-app';

/**
 * Every route of the routing showcase, over real HTTP (CONTRACT §3.2). Sessions, proxy headers and malformed JSON
 * on any route are tested on the test-only probe in test/http-requests.e2e-spec.ts.
 */
describe('/routing', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });

  afterAll(() => sut.close());

  describe('methods and paths', () => {
    it('should serve a handler without a path at the prefix alone', async () => {
      await request(sut.http).get('/routing').expect(200, 'routing');
    });

    it.each(['get', 'post', 'put', 'patch', 'delete', 'options'] as const)(
      'should answer ALL /routing/any for %s with the method name',
      async (method) => {
        const response = await request(sut.http)[method]('/routing/any').expect(200);

        expect(response.text).toBe(method.toUpperCase());
      },
    );

    it('should answer ALL /routing/any for HEAD with headers only', async () => {
      const response = await request(sut.http).head('/routing/any').expect(200);

      expect(response.headers['content-length']).toBe('4'); // "HEAD", computed but not sent
      expect(response.text).toBeUndefined();
    });

    it('should answer HEAD from its own handler, declared before GET', async () => {
      const head = await request(sut.http).head('/routing/resource').expect(200);
      const get = await request(sut.http).get('/routing/resource').expect(200);

      expect(head.headers['x-handler']).toBe('head');
      expect(head.text).toBeUndefined();
      expect(get.headers['x-handler']).toBe('get');
      expect(get.body).toEqual({ resource: 'routing' });
    });

    it('should answer OPTIONS from its own handler', async () => {
      const response = await request(sut.http).options('/routing/resource').expect(204);

      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(response.text).toBe('');
    });

    it('should serve the static path before the parameterised one', async () => {
      await request(sut.http).get('/routing/static').expect(200, 'static');
      await request(sut.http).get('/routing/other').expect(200, 'param other');
    });

    it('should not let the parameter capture the static routes of the other routing controllers', async () => {
      await request(sut.http).get('/routing/header').expect(200, 'header');
      await request(sut.http).get('/routing/status').expect(204);
    });

    it('should read all parameters as one object', async () => {
      const response = await request(sut.http).get('/routing/params/1/two').expect(200);

      expect(response.body).toEqual({ a: '1', b: 'two' });
    });

    it('should pass the request on to the next matching route with @Next()', async () => {
      await request(sut.http).get('/routing/next').expect(200, 'param next');
    });
  });

  describe('text answers', () => {
    it('should answer a parameter that is markup as plain text, never as HTML', async () => {
      const markup = '<script>alert(1)</script>';

      const response = await request(sut.http)
        .get(`/routing/${encodeURIComponent(markup)}`)
        .expect(200);

      expect(response.text).toBe(`param ${markup}`);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it.each([
      ['/routing', 'get'],
      ['/routing/any', 'post'],
      ['/routing/static', 'get'],
      ['/routing/mid/x/end', 'get'],
      ['/routing/patterns/abxcd', 'get'],
      ['/routing/patterns/file-name.txt', 'get'],
      ['/routing/header', 'get'],
      ['/routing/primitive', 'get'],
      ['/routing/observable', 'get'],
    ] as const)('should send the text of %s as text/plain', async (path, method) => {
      const response = await request(sut.http)[method](path).expect(200);

      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    });
  });

  describe('patterns (with their Express 4 meaning on Express 5)', () => {
    it.each([
      ['ab*cd', ['abcd', 'abxcd', 'ab123cd', 'abRANDOMcd'], ['acd', 'abc']],
      ['ef?gh', ['egh', 'efgh'], ['effgh']],
      ['ij+kl', ['ijkl', 'ijjkl', 'ijjjjkl'], ['ikl']],
      ['mn(op)?q', ['mnq', 'mnopq'], ['mnoq']],
      ['file-name.txt', ['file-name.txt'], ['file_name.txt', 'file-nameXtxt']],
    ])('should answer %s for its paths and 404 for the others', async (pattern, matched, notMatched) => {
      for (const path of matched) {
        const response = await request(sut.http).get(`/routing/patterns/${path}`);

        expect([path, response.status, response.text]).toEqual([path, 200, pattern]);
      }
      for (const path of notMatched) {
        const response = await request(sut.http).get(`/routing/patterns/${path}`);

        expect([path, response.status]).toEqual([path, 404]);
        expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });

    it.each(['', 'x', 'abcd/x', 'ab/cd/e', 'efgh.txt', 'file-name.txt/x', 'nothing/at/all'])(
      'should answer 404 for any other path under /routing/patterns/: "%s"',
      async (path) => {
        await request(sut.http).get(`/routing/patterns/${path}`).expect(404);
      },
    );

    it('should answer 404 for the bare prefix too', async () => {
      await request(sut.http).get('/routing/patterns').expect(404);
    });

    it('should match a wildcard in the middle of the path over one or more segments', async () => {
      await request(sut.http).get('/routing/mid/x/end').expect(200, 'mid wildcard');
      await request(sut.http).get('/routing/mid/x/y/end').expect(200, 'mid wildcard');
      await request(sut.http).get('/routing/mid/end').expect(404);
      await request(sut.http).get('/routing/mid/x/stop').expect(404);
    });
  });

  describe('responses', () => {
    it('should answer 204 with an empty body from the fixed status decorator', async () => {
      const response = await request(sut.http).get('/routing/status').expect(204);

      expect(response.text).toBe('');
    });

    it('should set the status at run time through the platform response', async () => {
      const accepted = await request(sut.http).get('/routing/dynamic-status?accepted=true').expect(202);
      const ok = await request(sut.http).get('/routing/dynamic-status').expect(200);

      expect(accepted.body).toEqual({ accepted: true });
      expect(ok.body).toEqual({ accepted: false });
    });

    it('should raise an exception for a bad dynamic-status query', async () => {
      const response = await request(sut.http).get('/routing/dynamic-status?accepted=maybe').expect(400);

      expect(response.body.message).toMatch(/boolean/);
    });

    it('should set Cache-Control: no-store from the header decorator', async () => {
      const response = await request(sut.http).get('/routing/header').expect(200);

      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('should redirect with 302 to nestjs.com by default', async () => {
      const response = await request(sut.http).get('/routing/redirect').expect(302);

      expect(response.headers.location).toBe('https://nestjs.com');
    });

    it('should let the returned {url, statusCode} override the decorator', async () => {
      const response = await request(sut.http).get('/routing/redirect?to=docs').expect(301);

      expect(response.headers.location).toBe('https://docs.nestjs.com');
    });

    it('should keep the decorator for an unknown target', async () => {
      const response = await request(sut.http).get('/routing/redirect?to=https://evil.example').expect(302);

      expect(response.headers.location).toBe('https://nestjs.com');
    });

    it('should send a primitive as it is, not as JSON', async () => {
      const response = await request(sut.http).get('/routing/primitive').expect(200);

      expect(response.text).toBe('42');
      expect(response.headers['content-type']).not.toMatch(/json/);
    });

    it('should serialise the value of a promise as JSON', async () => {
      const response = await request(sut.http).get('/routing/promise').expect(200);

      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ async: true });
    });

    it('should send the last value of an observable', async () => {
      await request(sut.http).get('/routing/observable').expect(200, '3');
    });

    it('should let a library-specific handler answer by itself', async () => {
      const response = await request(sut.http).get('/routing/library').expect(202);

      expect(response.body).toEqual({ mode: 'library' });
    });

    it('should keep standard handling with passthrough while the platform object sets header and cookie', async () => {
      const response = await request(sut.http).get('/routing/passthrough').expect(200);

      expect(response.body).toEqual({ mode: 'standard' });
      expect(response.headers['x-mode']).toBe('passthrough');
      expect(response.headers['set-cookie']).toEqual([
        expect.stringMatching(/^mode=passthrough; Path=\/; HttpOnly; SameSite=Lax$/),
      ]);
    });
  });

  describe('request accessors', () => {
    it('should read the ip, a header and the query', async () => {
      const response = await request(sut.http)
        .get('/routing/request?a=1&b=two')
        .set('User-Agent', 'routing-test/1.0')
        .expect(200);

      expect(response.body).toEqual({
        ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/),
        userAgent: 'routing-test/1.0',
        query: { a: '1', b: 'two' },
      });
    });

    it('should keep the shape without a User-Agent: userAgent null', async () => {
      const response = await request(sut.http).get('/routing/request').unset('User-Agent').expect(200);

      expect(response.body).toEqual({ ip: expect.any(String), userAgent: null, query: {} });
    });

    it('should read the whole body and one key of it', async () => {
      const response = await request(sut.http)
        .post('/routing/body')
        .send({ name: 'Tom', age: 3 })
        .expect(201);

      expect(response.body).toEqual({ body: { name: 'Tom', age: 3 }, name: 'Tom' });
    });

    it('should count visits in a cookie-backed session', async () => {
      const agent = request.agent(sut.http);

      const first = await agent.get('/routing/session').expect(200);
      await agent.get('/routing/session').expect(200, { visits: 2 });
      await agent.get('/routing/session').expect(200, { visits: 3 });

      expect(first.body).toEqual({ visits: 1 });
      expect(first.headers['set-cookie']).toEqual([
        expect.stringMatching(/^sid=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/),
      ]);
    });
  });

  describe('a controller listed in no module', () => {
    it('should exist with a public route, yet not answer', async () => {
      expect(Reflect.getMetadata(PATH_METADATA, UnlistedController)).toBe('unlisted');

      const response = await request(sut.http).get('/unlisted').expect(404);

      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /unlisted' });
    });
  });
});
