import { JwtService } from '@nestjs/jwt';
import { like } from 'drizzle-orm';
import request from 'supertest';
import { throttleCounters } from '../src/auth/throttle/throttle-counters.table';
import { type Database, DATABASE } from '../src/database/database.types';
import { PROBE_ITEMS } from './fixtures/probe/graphql/probe-graphql.module';
import { PROBE_HTTP } from './fixtures/probe/http/probe-http.module';
import { mergeExtensions } from './fixtures/probe/merge-extensions';
import { useTestApp } from './utils/test-app';

const LIMIT = 3;
const REFRESH_LIMIT = 2;
const WINDOW_SECONDS = 60;

// On the test-only probe: its REST items (a public create, a delete that needs a token) and its GraphQL items (a
// mutation that needs a token). supertest connects from loopback: with TRUST_PROXY=1 that is the one proxy, and
// X-Forwarded-For the client.
describe('bounded writes (WRITE_THROTTLE_LIMIT per user, REFRESH_THROTTLE_LIMIT per address)', () => {
  const sut = useTestApp(
    {
      WRITE_THROTTLE_LIMIT: String(LIMIT),
      WRITE_THROTTLE_TTL: String(WINDOW_SECONDS),
      REFRESH_THROTTLE_LIMIT: String(REFRESH_LIMIT),
      TRUST_PROXY: '1',
    },
    mergeExtensions(PROBE_HTTP, PROBE_ITEMS),
  );
  /** A token of a user of its own, so that each test starts with an empty count. */
  const tokenOf = (sub: number) =>
    `Bearer ${sut.app.get(JwtService).sign({ sub, username: `writer${sub}`, roles: ['user'] })}`;
  const removeItem = (auth: string) =>
    request(sut.http).delete('/probe/http/items/1').set('Authorization', auth);
  const rename = (auth: string) =>
    request(sut.http)
      .post('/graphql')
      .set('Authorization', auth)
      .send({ query: 'mutation { renameProbeItem(id: 1, input: { label: "renamed" }) { id } }' });

  const expectRetryAfter = (response: request.Response) => {
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  };

  it('should answer 429 with Retry-After to a REST write past the limit, and count only that user', async () => {
    const writer = tokenOf(101);
    for (let i = 0; i < LIMIT; i += 1) await removeItem(writer).expect(200);

    const refused = await removeItem(writer).expect(429);

    expectRetryAfter(refused);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Too many writes: try again in \d+ seconds?$/),
    });
    await removeItem(tokenOf(102)).expect(200);
  });

  it('should not count reads, nor public routes', async () => {
    const reader = tokenOf(103);
    for (let i = 0; i < LIMIT + 2; i += 1) {
      await request(sut.http).get('/probe/http/items/1').set('Authorization', reader).expect(200);
      await request(sut.http)
        .post('/probe/http/items')
        .set('Authorization', reader)
        .send({ name: 'Tom', count: 3, label: 'cat' })
        .expect(201);
    }

    await removeItem(reader).expect(200);
  });

  it('should count GraphQL mutations with REST writes, and refuse one past the limit with 429 and TOO_MANY_REQUESTS', async () => {
    const writer = tokenOf(104);
    await removeItem(writer).expect(200);
    for (let i = 1; i < LIMIT; i += 1) {
      const allowed = await rename(writer).expect(200);
      expect(allowed.body.errors).toBeUndefined();
    }

    const refused = await rename(writer).expect(429);

    expectRetryAfter(refused);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^Too many writes: try again in \d+ seconds?$/),
        extensions: { code: 'TOO_MANY_REQUESTS' },
      }),
    ]);
    const query = await request(sut.http)
      .post('/graphql')
      .set('Authorization', writer)
      .send({ query: '{ probeItem(id: 1) { id } }' })
      .expect(200);
    expect(query.body).toEqual({ data: { probeItem: { id: 1 } } });
  });

  it('should answer 429 with Retry-After to refresh attempts past the limit from one address, and only to it', async () => {
    const refresh = (address: string) =>
      request(sut.http)
        .post('/auth/refresh')
        .set('X-Forwarded-For', address)
        .send({ refresh_token: 'made-up' });
    for (let i = 0; i < REFRESH_LIMIT; i += 1) await refresh('203.0.113.10').expect(401);

    const refused = await refresh('203.0.113.10').expect(429);

    expectRetryAfter(refused);
    expect(refused.body.message).toMatch(
      /^Too many refresh attempts from this address: try again in \d+ seconds?$/,
    );
    await refresh('203.0.113.11').expect(401);
  });

  it('should keep the counts in the database, where every instance reads them', async () => {
    const db = sut.app.get<Database>(DATABASE);
    const rows = await db
      .select({ key: throttleCounters.key, hits: throttleCounters.hits })
      .from(throttleCounters)
      .where(like(throttleCounters.key, 'write|user:101'));

    // The refused attempt counted too: it found the window full.
    expect(rows).toEqual([{ key: 'write|user:101', hits: LIMIT + 1 }]);
  });
});
