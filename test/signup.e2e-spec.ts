import { sql } from 'drizzle-orm';
import request from 'supertest';
import { type Database, DATABASE } from '../src/database/database.types';
import { users } from '../src/users/users.table';
import { decodeJwtPayload } from './utils/jwt';
import { useTestApp } from './utils/test-app';

describe('sign-up (POST /auth/signup)', () => {
  describe('with the defaults', () => {
    const sut = useTestApp();
    let signups = 0;
    // A fresh address for each sign-up that names none, so that only the rule under test decides.
    const signup = (body: object) =>
      request(sut.http)
        .post('/auth/signup')
        .send({ email: `signup-${(signups += 1)}@example.com`, ...body });
    const countUsers = (username: string) =>
      sut.app
        .get<Database>(DATABASE)
        .$count(users, sql`lower(${users.username}) = ${username.toLowerCase()}`);

    it('should answer 201 {id, username, roles: ["user"]}, and the new user can log in', async () => {
      const response = await signup({ username: 'carol', password: 'correct horse battery staple' });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        username: 'carol',
        email: expect.stringMatching(/^signup-\d+@example\.com$/),
        emailVerified: false,
        roles: ['user'],
      });
      expect(response.text).not.toMatch(/scrypt|correct horse/);
      const login = await request(sut.http)
        .post('/auth/login')
        .send({ username: 'carol', password: 'correct horse battery staple' })
        .expect(200);
      expect(decodeJwtPayload(login.body.access_token)).toMatchObject({
        sub: response.body.id,
        username: 'carol',
        roles: ['user'],
      });
    });

    it('should give the role user whatever the body says, and strip unknown properties', async () => {
      const response = await signup({
        username: 'mallory',
        password: 'a long enough passphrase',
        roles: ['admin'],
        id: 1,
      });

      expect(response.status).toBe(201);
      expect(response.body.roles).toEqual(['user']);
      expect(response.body.id).not.toBe(1);
    });

    it('should take capitals A-Z as lowercase, and no other letter: the Kelvin sign logs no one in', async () => {
      const response = await signup({ username: 'Kate.Smith_2', password: 'a long enough passphrase' });

      expect(response.status).toBe(201);
      expect(response.body.username).toBe('kate.smith_2');
      const login = (username: string) =>
        request(sut.http).post('/auth/login').send({ username, password: 'a long enough passphrase' });
      await login('KATE.SMITH_2').expect(200);
      // U+212A lowercases to k in Unicode.
      await login('\u212Aate.smith_2').expect(401);
    });

    it.each(['ALICE', 'Bob', 'CAROL', 'alice'])(
      'should answer 409 for the taken name %s',
      async (username) => {
        const response = await signup({ username, password: 'a long enough passphrase' });

        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ statusCode: 409, message: 'username or email is taken' });
        expect(await countUsers(username)).toBe(1);
      },
    );

    it('should let only one of two sign-ups racing for one name in two cases through', async () => {
      const responses = await Promise.all([
        signup({ username: 'erin', password: 'a long enough passphrase' }),
        signup({ username: 'ERIN', password: 'another long passphrase' }),
      ]);

      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expect(await countUsers('erin')).toBe(1);
    });

    it('should have the database refuse a second user whose name differs only in case', async () => {
      const insert = sut.app
        .get<Database>(DATABASE)
        .insert(users)
        .values({ username: 'Alice', passwordHash: 'x' });

      await expect(insert).rejects.toThrow();
    });

    it.each<[string, unknown, string]>([
      ['a 2-character username', 'ab', 'username must be 3 to 32 characters'],
      ['a 33-character username', 'a'.repeat(33), 'username must be 3 to 32 characters'],
      ['a space', 'frank smith', 'username must be 3 to 32 characters'],
      ['an accent', 'émile', 'username must be 3 to 32 characters'],
      ['a slash', 'a/b/c', 'username must be 3 to 32 characters'],
      ['a number', 12345, 'username must be 3 to 32 characters'],
      ['no username', undefined, 'username must be 3 to 32 characters'],
    ])('should answer 400 naming the rule for %s', async (_case, username, rule) => {
      const response = await signup({ username, password: 'a long enough passphrase' });

      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(rule);
    });

    it.each<[string, string, unknown, string]>([
      ['7 characters', 'grace', 'x1y2z3w', 'password must be 8 to 128 characters long'],
      ['129 characters', 'grace', 'x'.repeat(129), 'password must be 8 to 128 characters long'],
      ['the username', 'heidi-hopper', 'heidi-hopper', 'password must not be the username'],
      ['the username in capitals', 'heidi-hopper', 'HEIDI-HOPPER', 'password must not be the username'],
      ['a common password', 'grace', 'password123', 'one of the 10 000 most common passwords'],
      ['a common password in capitals', 'grace', 'SUPERMAN', 'one of the 10 000 most common passwords'],
      ['a number', 'grace', 123456789, 'password must be 8 to 128 characters long'],
      ['no password', 'grace', undefined, 'password must be 8 to 128 characters long'],
    ])(
      'should answer 400 naming the rule for a password of %s, and create nobody',
      async (_case, username, password, rule) => {
        const response = await signup({ username, password });

        expect(response.status).toBe(400);
        expect(JSON.stringify(response.body)).toContain(rule);
        expect(await countUsers(username)).toBe(0);
      },
    );

    it.each([undefined, 123456789])(
      'should not call a password of %s common: only the rules it breaks',
      async (password) => {
        const response = await signup({ username: 'grace', password });

        expect(response.body.message).toEqual([
          'password must be a string',
          'password must be 8 to 128 characters long',
        ]);
      },
    );

    it('should take a password of 8 and of 128 characters, and a name of 3 and of 32', async () => {
      await signup({ username: 'ivy', password: 'x1y2z3w4' }).expect(201);
      // 128 characters as the rule counts them (an emoji is one), 192 UTF-16 units: login counts them alike.
      const password = 'yz'.repeat(32) + '\u{1F600}'.repeat(64);
      await signup({ username: 'j'.repeat(32), password }).expect(201);
      await request(sut.http)
        .post('/auth/login')
        .send({ username: 'j'.repeat(32), password })
        .expect(200);
    });

    it('should answer 400 for a body that is not an object', async () => {
      await request(sut.http)
        .post('/auth/signup')
        .send([{ username: 'kate', password: 'long enough' }])
        .expect(400);
      await request(sut.http)
        .post('/auth/signup')
        .set('Content-Type', 'application/json')
        .send('{"username": "kate",')
        .expect(400);
      expect(await countUsers('kate')).toBe(0);
    });

    it('should change the password of a signed-up user, refusing the username as the new one', async () => {
      await signup({ username: 'passwordless', password: 'a fine long passphrase' }).expect(201);
      const { access_token } = (
        await request(sut.http)
          .post('/auth/login')
          .send({ username: 'passwordless', password: 'a fine long passphrase' })
          .expect(200)
      ).body as { access_token: string };
      const change = (newPassword: string) =>
        request(sut.http)
          .post('/auth/password')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ current_password: 'a fine long passphrase', new_password: newPassword });

      const refused = await change('PasswordLess');
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('new_password must not be the username');

      await change('another fine passphrase').expect(204);
    });
  });

  describe('a flood from one address', () => {
    const sut = useTestApp();

    it('should answer 429 with Retry-After once the address has made LOGIN_THROTTLE_ADDRESS_LIMIT attempts', async () => {
      // Each one breaks a rule (400, no hashing), so the flood is quick; the throttle counts attempts, not successes.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        statuses.push(
          (
            await request(sut.http)
              .post('/auth/signup')
              .send({ username: `flood-${i}`, password: 'short' })
          ).status,
        );
      }
      expect(statuses).toEqual(Array(30).fill(400));

      const blocked = await request(sut.http)
        .post('/auth/signup')
        .send({ username: 'legit-user', email: 'legit@example.com', password: 'a long enough passphrase' });

      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body.message).toMatch(
        /^Too many attempts from this address: try again in \d+ seconds?$/,
      );
      // A separate counter from login's: logging in still works from this address.
      await request(sut.http)
        .post('/auth/login')
        .send({ username: 'bob', password: 'bob-password' })
        .expect(200);
    });
  });

  describe('with SIGNUP_ENABLED=false', () => {
    const sut = useTestApp({ SIGNUP_ENABLED: 'false' });

    it('should answer 404 as for a route that does not exist, and create nobody', async () => {
      const response = await request(sut.http)
        .post('/auth/signup')
        .send({ username: 'nobody', email: 'nobody@example.com', password: 'a long enough passphrase' });
      const unknown = await request(sut.http).post('/auth/nothing-here').send({});

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ ...unknown.body, message: 'Cannot POST /auth/signup' });
      await request(sut.http)
        .post('/auth/login')
        .send({ username: 'nobody', password: 'a long enough passphrase' })
        .expect(401);
    });
  });
});
