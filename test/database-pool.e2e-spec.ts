import type { Pool } from 'pg';
import request from 'supertest';
import type { DatabaseConnection } from '../src/database/database.client';
import { DATABASE_CONNECTION } from '../src/database/database.module';
import { PROBE } from './fixtures/probe/probe.module';
import { failStatements } from './utils/driver-double';
import { useTestApp } from './utils/test-app';

// PostgreSQL only: PGlite has one connection and no statement time-out to set.
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('DATABASE_POOL_MAX and DATABASE_STATEMENT_TIMEOUT_MS', () => {
  const sut = useTestApp({ DATABASE_POOL_MAX: '3', DATABASE_STATEMENT_TIMEOUT_MS: '300' }, PROBE);
  const connection = () => sut.app.get<DatabaseConnection>(DATABASE_CONNECTION);

  it('should size the pool with DATABASE_POOL_MAX', () => {
    const pool = (connection().db as unknown as { $client: Pool }).$client;

    expect(pool.options.max).toBe(3);
  });

  it('should have the server cancel a statement after DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const { rows } = await connection().query('show statement_timeout');

    expect(rows).toEqual([{ statement_timeout: '300ms' }]);
    // 57014: query_canceled, the server's own word for it.
    await expect(connection().query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });

  it('should wait for the migration lock and migrate past DATABASE_STATEMENT_TIMEOUT_MS (a slow migration)', async () => {
    // Another instance migrating: it holds the lock ten times the statement time-out.
    const holder = await (connection().db as unknown as { $client: Pool }).$client.connect();
    try {
      await holder.query("set statement_timeout = '10s'");
      await holder.query('select pg_advisory_lock(727274)');
      const released = new Promise((resolve) => setTimeout(resolve, 3_000)).then(() =>
        holder.query('select pg_advisory_unlock(727274)'),
      );

      await expect(connection().migrate()).resolves.toBeUndefined();
      await released;
    } finally {
      holder.release();
    }
  });

  it("should give a transaction's client back to the pool when BEGIN fails", async () => {
    // The probe's write: a note and its NOTIFY in one transaction (test/fixtures/probe).
    const createProbeNote = () =>
      request(sut.http)
        .post('/graphql')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .send({ query: 'mutation { createProbeNote(input: { text: "Pooled" }) { text } }' })
        .expect(200);
    const refused = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const driver = failStatements(sut, (sql) => /^begin\b/i.test(sql), refused);
    const failures = [];
    for (let i = 0; i < 4; i++) failures.push((await createProbeNote()).body.errors?.[0]?.extensions?.code);
    driver.mockRestore();

    expect(failures).toEqual(Array(4).fill('SERVICE_UNAVAILABLE'));
    // With the three clients lost, this one would wait for a client until the pool gave up.
    expect((await createProbeNote()).body).toEqual({ data: { createProbeNote: { text: 'Pooled' } } });
  });
});
