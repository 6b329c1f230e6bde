import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { sendRawHttp } from './utils/raw-http';
import { createTestApp, TestApp } from './utils/test-app';

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

  it('should answer 400 to two Host headers, where Node would take the first and a proxy perhaps the last', async () => {
    const server = sut.http.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const answer = await sendRawHttp(
      (server.address() as AddressInfo).port,
      'GET /tenant HTTP/1.1\r\nHost: acme.example.com\r\nHost: globex.example.com\r\n\r\n',
    );
    await new Promise((resolve) => server.close(resolve));

    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"message":"A request must have one Host header"');
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
