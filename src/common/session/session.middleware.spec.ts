import type { ConfigService } from '@nestjs/config';
import express from 'express';
import request from 'supertest';
import type { Environment } from '../../config/environment';
import { deriveSessionSecret, SessionMiddleware } from './session.middleware';

describe('deriveSessionSecret', () => {
  const jwtSecret = 'a-jwt-secret-that-is-at-least-32-characters';

  it('should derive a stable key that differs from the JWT secret', () => {
    const sut = deriveSessionSecret(jwtSecret);

    expect(sut).toBe(deriveSessionSecret(jwtSecret));
    expect(sut).not.toContain(jwtSecret);
    expect(sut).toMatch(/^[\w-]{43}$/);
  });

  it('should change with the JWT secret', () => {
    expect(deriveSessionSecret(jwtSecret)).not.toBe(deriveSessionSecret(`${jwtSecret}!`));
  });
});

describe(SessionMiddleware.name, () => {
  const settings: Partial<Environment> = {
    JWT_SECRET: 'a-jwt-secret-that-is-at-least-32-characters',
    SESSION_MAX_COUNT: 100,
    SESSION_MAX_PER_CLIENT: 2,
  };
  const config = { get: (key: keyof Environment) => settings[key] } as ConfigService<Environment, true>;
  let sut: SessionMiddleware;
  let app: express.Express;

  beforeEach(() => {
    sut = new SessionMiddleware(config);
    app = express();
    app.set('trust proxy', 'loopback'); // X-Forwarded-For names the client
    app.use((req, res, next) => sut.use(req, res, next));
    app.get('/read', (req, res) => res.json({ visits: (req.session as { visits?: number }).visits ?? 0 }));
    app.get('/write', (req, res) => {
      const session = req.session as { visits?: number };
      session.visits = (session.visits ?? 0) + 1;
      res.json({ visits: session.visits });
    });
  });

  it('should store nothing and set no cookie for a session that holds nothing (saveUninitialized: false)', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await request(app).get('/read').expect(200, { visits: 0 });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    expect(sut.store.size).toBe(0);
  });

  it('should store a session once a handler writes to it', async () => {
    const response = await request(app).get('/write').expect(200, { visits: 1 });

    expect(response.headers['set-cookie']).toEqual([expect.stringMatching(/^sid=/)]);
    expect(sut.store.size).toBe(1);
  });

  it('should count sessions per client address: a flood from one keeps only its share', async () => {
    const victim = request.agent(app);
    await victim.get('/write').set('X-Forwarded-For', '203.0.113.1').expect(200, { visits: 1 });

    for (let i = 0; i < 5; i += 1) {
      await request(app).get('/write').set('X-Forwarded-For', '198.51.100.7').expect(200, { visits: 1 });
    }

    expect(sut.store.size).toBe(3);
    await victim.get('/write').set('X-Forwarded-For', '203.0.113.1').expect(200, { visits: 2 });
  });
});
