import request from 'supertest';
import { createTestApp, TestApp } from '../utils/test-app';

// The host-routed showcase (CONTRACT §3.3). Two Host headers on any route: test/http-requests.e2e-spec.ts.
describe('GET /tenant, host-routed', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });

  afterAll(() => sut.close());

  it('should read the account from the host', async () => {
    const response = await request(sut.http).get('/tenant').set('Host', 'acme.example.com').expect(200);

    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ account: 'acme' });
  });

  it('should ignore the port and the case of the host', async () => {
    await request(sut.http)
      .get('/tenant')
      .set('Host', 'Globex.Example.com:3000')
      .expect(200, { account: 'globex' });
  });

  it('should not need a token', async () => {
    await request(sut.http)
      .get('/tenant')
      .set('Host', 'acme.example.com')
      .set('Authorization', 'Bearer nonsense')
      .expect(200, { account: 'acme' });
  });

  it.each(['localhost', 'example.com', 'acme.example.org', 'acme.example.com.evil.test', 'a.b.example.com'])(
    'should answer 404 for the host %s',
    async (host) => {
      const response = await request(sut.http).get('/tenant').set('Host', host).expect(404);

      expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    },
  );

  it('should not be fooled by X-Forwarded-Host (proxy headers are not trusted)', async () => {
    await request(sut.http)
      .get('/tenant')
      .set('Host', 'localhost')
      .set('X-Forwarded-Host', 'acme.example.com')
      .expect(404);
  });
});
