import request from 'supertest';
import { PROBE_HTTP } from './fixtures/probe/http/probe-http.module';
import { useTestApp } from './utils/test-app';

// supertest connects from loopback: with TRUST_PROXY=1 that connection is the one proxy in front of the app.
describe('TRUST_PROXY=1 (one TLS-terminating proxy in front)', () => {
  // The test-only probe (test/fixtures/probe): a route that shows the address believed, one with a session.
  const sut = useTestApp({ TRUST_PROXY: '1' }, PROBE_HTTP);

  it("should take the client's address from X-Forwarded-For, as the proxy appended it", async () => {
    const direct = await request(sut.http)
      .get('/probe/http/client')
      .set('X-Forwarded-For', '203.0.113.7')
      .expect(200);
    // A client's own X-Forwarded-For comes first; the proxy appends the address it saw, the one believed.
    const spoofed = await request(sut.http)
      .get('/probe/http/client')
      .set('X-Forwarded-For', '198.51.100.1, 203.0.113.7')
      .expect(200);

    expect(direct.body.ip).toBe('203.0.113.7');
    expect(spoofed.body.ip).toBe('203.0.113.7');
  });

  it('should make the session cookie Secure when the proxy says the request came over https', async () => {
    const https = await request(sut.http).get('/probe/session').set('X-Forwarded-Proto', 'https').expect(200);
    const http = await request(sut.http).get('/probe/session').set('X-Forwarded-Proto', 'http').expect(200);

    expect(https.headers['set-cookie']).toEqual([
      expect.stringMatching(/^sid=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/),
    ]);
    expect(http.headers['set-cookie']).toEqual([expect.not.stringMatching(/;\s*Secure/i)]);
  });
});
