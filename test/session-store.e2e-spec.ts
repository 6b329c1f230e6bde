import type { ConfigService } from '@nestjs/config';
import express from 'express';
import request from 'supertest';
import type { Environment } from '../src/config/environment';
import { DatabaseSessionStore } from '../src/session/database-session.store';
import { SessionMiddleware } from '../src/session/session.middleware';
import { createTestDatabase } from './utils/test-database';

const config = {
  get: (key: keyof Environment) =>
    ({ JWT_SECRET: 'a-jwt-secret-that-is-at-least-32-characters' })[key as 'JWT_SECRET'],
} as ConfigService<Environment, true>;

/**
 * connect-pg-simple on the app's database (PGlite here, PostgreSQL in CI's second run) behind the app's session
 * middleware: what is stored, the bounds per client and in all, sharing between instances, pruning.
 */
describe(DatabaseSessionStore.name, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const stores: DatabaseSessionStore[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database.dispose();
  });
  beforeEach(() => database.query('delete from "session"'));

  const rows = async () =>
    (await database.query('select sid, client from "session" order by seq')).rows as Array<{
      sid: string;
      client: string | null;
    }>;

  /** An app with the session middleware on a store of its own over the one database: one instance of the app. */
  function instance(maxSessions = 100, maxSessionsPerClient = 2) {
    const store = new DatabaseSessionStore({ query: database.query, maxSessions, maxSessionsPerClient });
    stores.push(store);
    const middleware = new SessionMiddleware(config, store);
    const app = express();
    app.set('trust proxy', 'loopback'); // X-Forwarded-For names the client
    app.use((req, res, next) => middleware.use(req, res, next));
    app.get('/read', (req, res) => res.json({ visits: (req.session as { visits?: number }).visits ?? 0 }));
    app.get('/write', (req, res) => {
      const session = req.session as { visits?: number };
      session.visits = (session.visits ?? 0) + 1;
      res.json({ visits: session.visits });
    });
    return { app, store };
  }

  it('should store nothing and set no cookie for a session that holds nothing (saveUninitialized: false)', async () => {
    const { app } = instance();

    for (let i = 0; i < 5; i += 1) {
      const response = await request(app).get('/read').expect(200, { visits: 0 });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    expect(await rows()).toEqual([]);
  });

  it('should store a session once a handler writes to it, tagged with its client address', async () => {
    const { app } = instance();

    const response = await request(app).get('/write').set('X-Forwarded-For', '203.0.113.9').expect(200);

    expect(response.headers['set-cookie']).toEqual([expect.stringMatching(/^sid=/)]);
    expect(await rows()).toEqual([{ sid: expect.any(String), client: '203.0.113.9' }]);
  });

  it('should read through one instance a session written through another', async () => {
    const [first, second] = [instance(), instance()];
    const write = await request(first.app).get('/write').expect(200, { visits: 1 });
    const cookie = write.headers['set-cookie'] as unknown as string[];

    await request(second.app).get('/write').set('Cookie', cookie).expect(200, { visits: 2 });
    await request(first.app).get('/read').set('Cookie', cookie).expect(200, { visits: 2 });
  });

  it("should keep a client's most recent sessions only: a flood from one address loses its own oldest", async () => {
    const { app } = instance(100, 2);
    const victim = request.agent(app);
    await victim.get('/write').set('X-Forwarded-For', '203.0.113.1').expect(200, { visits: 1 });
    const firstOfFlood = request.agent(app);
    await firstOfFlood.get('/write').set('X-Forwarded-For', '198.51.100.7').expect(200, { visits: 1 });

    for (let i = 0; i < 5; i += 1) {
      await request(app).get('/write').set('X-Forwarded-For', '198.51.100.7').expect(200, { visits: 1 });
    }

    expect((await rows()).map((row) => row.client)).toEqual(['203.0.113.1', '198.51.100.7', '198.51.100.7']);
    await victim.get('/write').set('X-Forwarded-For', '203.0.113.1').expect(200, { visits: 2 });
    await firstOfFlood.get('/write').set('X-Forwarded-For', '198.51.100.7').expect(200, { visits: 1 });
  });

  it('should keep at most maxSessions in all, the least recently used going first', async () => {
    const { app } = instance(3, 2);
    const agents = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].map((address) => ({
      address,
      agent: request.agent(app),
    }));

    for (const { address, agent } of agents) {
      await agent.get('/write').set('X-Forwarded-For', address).expect(200, { visits: 1 });
    }

    expect((await rows()).map((row) => row.client)).toEqual(['192.0.2.2', '192.0.2.3', '192.0.2.4']);
    await agents[0].agent.get('/write').set('X-Forwarded-For', '192.0.2.1').expect(200, { visits: 1 });
  });

  it('should neither return nor keep an expired session (pruning)', async () => {
    const { store } = instance();
    const expired = { cookie: { expires: new Date(Date.now() - 60_000), originalMaxAge: 1 } };
    const live = { cookie: { expires: new Date(Date.now() + 60_000), originalMaxAge: 1 } };
    const call = (run: (done: (error?: unknown) => void) => void) =>
      new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
    await call((done) => store.set('expired', expired as never, done));
    await call((done) => store.set('live', live as never, done));

    const found = await new Promise((resolve) => store.get('expired', (_error, session) => resolve(session)));
    await call((done) => store.pruneSessions(done));

    expect(found).toBeUndefined();
    expect((await rows()).map((row) => row.sid)).toEqual(['live']);
  });
});
