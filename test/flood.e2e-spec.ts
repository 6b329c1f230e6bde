// The default import is the module object itself, the one password-hasher.ts calls scrypt on.
import crypto from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { HASHER_BUSY_MESSAGE, PasswordHasher } from '../src/users/password-hasher';
import { PROBE } from './fixtures/probe/probe.module';
import { useTestApp } from './utils/test-app';

/** Waits for a state of the app that follows from the test's own steps (never a duration). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Holds every scrypt call until released; then it runs the real one. Counting is exact, not timing-based. */
function holdScrypt() {
  const real = crypto.scrypt;
  const held: Array<() => void> = [];
  const scrypt = jest
    .spyOn(crypto, 'scrypt')
    .mockImplementation(((...args: Parameters<typeof crypto.scrypt>) =>
      held.push(() => (real as (...all: unknown[]) => void)(...args))) as unknown as typeof crypto.scrypt);
  return { scrypt, releaseHeld: () => held.splice(0).forEach((release) => release()) };
}

// Floods from one client, each test from addresses of its own (documentation ranges, through X-Forwarded-For).
describe('floods from one client', () => {
  const sut = useTestApp(
    {
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE_LIMIT: '1',
      PASSWORD_HASH_CLIENT_LIMIT: '1',
      LOGIN_THROTTLE_ADDRESS_LIMIT: '10',
      SESSION_MAX_COUNT: '20',
      SESSION_MAX_PER_CLIENT: '5',
      // As behind a reverse proxy: X-Forwarded-For names the client, so a test can speak from several addresses.
      TRUST_PROXY: 'loopback',
    },
    // The test-only probe (test/fixtures/probe): /probe/session counts visits in a session.
    PROBE,
  );
  let hasher: PasswordHasher;

  beforeAll(async () => {
    hasher = sut.app.get(PasswordHasher);
    // Listening once, so that a raw client (below) and supertest reach the same server.
    sut.http.listen(0, '127.0.0.1');
    await once(sut.http, 'listening');
  });

  afterEach(() => jest.restoreAllMocks());

  const login = (from: string, username: string, password = `${username}-password`) =>
    request(sut.http).post('/auth/login').set('X-Forwarded-For', from).send({ username, password });

  describe('the password hash queue', () => {
    it('should answer 503 with Retry-After at once when the queue is full, and finish the admitted logins', async () => {
      const { scrypt, releaseHeld } = holdScrypt();
      const hashing = login('192.0.2.1', 'alice').then((response) => response);
      await until(() => scrypt.mock.calls.length === 1);
      const queued = login('192.0.2.2', 'bob').then((response) => response);
      await until(() => hasher.queued === 1);

      const refused = await login('192.0.2.3', 'alice');

      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toEqual({
        statusCode: 503,
        message: HASHER_BUSY_MESSAGE,
        error: 'Service Unavailable',
      });
      releaseHeld();
      expect((await hashing).status).toBe(200);
      await until(() => scrypt.mock.calls.length === 2);
      releaseHeld();
      expect((await queued).status).toBe(200);
      expect(scrypt).toHaveBeenCalledTimes(2);
    });

    it('should answer 503 at once to a second login from one address while its first is hashed, not to others', async () => {
      const { scrypt, releaseHeld } = holdScrypt();
      const hashing = login('192.0.2.21', 'alice').then((response) => response);
      await until(() => scrypt.mock.calls.length === 1);

      const refused = await login('192.0.2.21', 'bob');

      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      const queued = login('192.0.2.22', 'bob').then((response) => response);
      await until(() => hasher.queued === 1);
      releaseHeld();
      expect((await hashing).status).toBe(200);
      await until(() => scrypt.mock.calls.length === 2);
      releaseHeld();
      expect((await queued).status).toBe(200);
    });

    it('should never hash for a login whose client has gone while it waited', async () => {
      const { scrypt, releaseHeld } = holdScrypt();
      const hashing = login('192.0.2.11', 'alice').then((response) => response);
      await until(() => scrypt.mock.calls.length === 1);
      const client = httpRequest({
        host: '127.0.0.1',
        port: (sut.http.address() as AddressInfo).port,
        method: 'POST',
        path: '/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.12' },
      });
      client.on('error', () => undefined); // destroyed on purpose
      client.end(JSON.stringify({ username: 'bob', password: 'bob-password' }));
      await until(() => hasher.queued === 1);

      client.destroy();
      await until(() => hasher.queued === 0);
      releaseHeld();

      expect((await hashing).status).toBe(200);
      // The slot is free again, and the abandoned login was never hashed.
      const next = login('192.0.2.13', 'bob').then((response) => response);
      await until(() => scrypt.mock.calls.length === 2);
      releaseHeld();
      expect((await next).status).toBe(200);
      expect(scrypt.mock.calls.map(([password]) => password)).toEqual(['alice-password', 'bob-password']);
    });
  });

  describe('the login rate limit per address', () => {
    it('should answer 429 with Retry-After to the 11th attempt from one address across usernames, and only there', async () => {
      for (let i = 0; i < 10; i += 1) {
        await login('198.51.100.20', `user-${i}`, 'guess').expect(401);
      }

      const blocked = await login('198.51.100.20', 'user-10', 'guess').expect(429);

      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body).toMatchObject({ statusCode: 429 });
      await login('198.51.100.20', 'alice').expect(429);
      await login('198.51.100.21', 'alice').expect(200);
    });
  });

  describe('the session store', () => {
    it("should not let a flood of new sessions from one address evict another client's session", async () => {
      const victim = request.agent(sut.http);
      await victim.get('/probe/session').set('X-Forwarded-For', '203.0.113.1').expect(200, { visits: 1 });

      const firstOfFlood = request.agent(sut.http);
      await firstOfFlood
        .get('/probe/session')
        .set('X-Forwarded-For', '198.51.100.30')
        .expect(200, { visits: 1 });

      // More new sessions than the whole store holds (SESSION_MAX_COUNT=20), all from one address.
      for (let i = 0; i < 30; i += 1) {
        await request(sut.http)
          .get('/probe/session')
          .set('X-Forwarded-For', '198.51.100.30')
          .expect(200, { visits: 1 });
      }

      await victim.get('/probe/session').set('X-Forwarded-For', '203.0.113.1').expect(200, { visits: 2 });
      // What went was the flooding address's own oldest session (past its SESSION_MAX_PER_CLIENT=5).
      await firstOfFlood
        .get('/probe/session')
        .set('X-Forwarded-For', '198.51.100.30')
        .expect(200, { visits: 1 });
    });
  });
});
