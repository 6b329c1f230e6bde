import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { DATABASE_CONNECTION } from '../src/database/database.module';
import type { DatabaseConnection } from '../src/database/database.client';
import { Readiness } from '../src/health/readiness';
import { PROBE } from './fixtures/probe/probe.module';
import { createTestApp, TestApp } from './utils/test-app';

describe('health probes', () => {
  let sut: TestApp;
  let connection: DatabaseConnection;

  beforeAll(async () => {
    // The test-only probe (test/fixtures/probe): a route that still serves while the app drains.
    sut = await createTestApp({}, PROBE);
    connection = sut.app.get<DatabaseConnection>(DATABASE_CONNECTION);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(() => sut.close());

  describe('GET /health', () => {
    it('should answer 200 with status ok while the database answers', async () => {
      const response = await request(sut.http).get('/health').expect(200);

      expect(response.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
    });

    it('should answer 503 when the database does not', async () => {
      jest.spyOn(connection, 'ping').mockRejectedValueOnce(new Error('connection refused'));

      const response = await request(sut.http).get('/health').expect(503);

      expect(response.body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    });

    it('should not need a token', async () => {
      await request(sut.http).get('/health').set('Authorization', 'Bearer nonsense').expect(200);
    });
  });

  describe('GET /health/live', () => {
    it('should answer 200 without asking the database, even when it is away', async () => {
      const ping = jest.spyOn(connection, 'ping').mockRejectedValue(new Error('connection refused'));
      const pending = jest.spyOn(connection, 'pendingMigrations');

      const response = await request(sut.http).get('/health/live').expect(200);

      expect(response.body).toMatchObject({ status: 'ok' });
      expect(ping).not.toHaveBeenCalled();
      expect(pending).not.toHaveBeenCalled();
    });
  });

  describe('GET /health/ready', () => {
    it('should answer 200 when the database answers and every migration is applied', async () => {
      const response = await request(sut.http).get('/health/ready').expect(200);

      expect(response.body).toMatchObject({
        status: 'ok',
        info: { shutdown: { status: 'up' }, database: { status: 'up' }, migrations: { status: 'up' } },
      });
    });

    it('should answer 503 when the database does not', async () => {
      jest.spyOn(connection, 'ping').mockRejectedValueOnce(new Error('connection refused'));

      const response = await request(sut.http).get('/health/ready').expect(503);

      expect(response.body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    });

    it('should answer 503 while a migration is not applied, and 200 again once it is', async () => {
      // The database as an instance would find it before the newest migration ran: its record gone.
      // Both drivers answer { rows } (the Drizzle type leaves it open).
      const { rows } = (await connection.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
            returning hash, created_at`,
      )) as unknown as { rows: Array<{ hash: string; created_at: string }> };
      expect(rows).toHaveLength(1);

      const response = await request(sut.http).get('/health/ready').expect(503);
      expect(response.body).toMatchObject({
        error: { migrations: { status: 'down', message: '1 migration(s) not applied' } },
      });

      const [{ hash, created_at: createdAt }] = rows;
      await connection.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${createdAt})`,
      );
      await request(sut.http).get('/health/ready').expect(200);
    });

    it('should not need a token', async () => {
      await request(sut.http).get('/health/ready').set('Authorization', 'Bearer nonsense').expect(200);
    });

    // Last: the app stays draining (the entry point calls drain() on SIGTERM; server.e2e-spec.ts sends one).
    it('should answer 503 once draining, while the app still serves and stays live', async () => {
      sut.app.get(Readiness).drain();
      const errors = jest.spyOn(Logger.prototype, 'error');

      const response = await request(sut.http).get('/health/ready').expect(503);

      // The drain is logged once at SIGTERM, not at each probe of the load balancer.
      expect(errors).not.toHaveBeenCalled();

      expect(response.body).toMatchObject({
        error: { shutdown: { status: 'down', message: 'shutting down' } },
      });
      await request(sut.http).get('/health/live').expect(200);
      await request(sut.http).get('/health').expect(200);
      await request(sut.http).get('/probe').expect(200, { ok: true });
    });
  });
});
