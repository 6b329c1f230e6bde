import request from 'supertest';
import { DATABASE_CONNECTION } from '../src/database/database.module';
import type { DatabaseConnection } from '../src/database/database.client';
import { createTestApp, TestApp } from './utils/test-app';

describe('GET /health', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });

  afterAll(() => sut.close());

  it('should answer 200 with status ok while the database answers', async () => {
    const response = await request(sut.http).get('/health').expect(200);

    expect(response.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('should answer 503 when the database does not', async () => {
    const connection = sut.app.get<DatabaseConnection>(DATABASE_CONNECTION);
    const ping = jest.spyOn(connection, 'ping').mockRejectedValueOnce(new Error('connection refused'));

    const response = await request(sut.http).get('/health').expect(503);

    expect(response.body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    ping.mockRestore();
  });

  it('should not need a token', async () => {
    await request(sut.http).get('/health').set('Authorization', 'Bearer nonsense').expect(200);
  });
});
