import request from 'supertest';
import { decodeJwtPayload, forgeJwt } from './utils/jwt';
import { createTestApp, TEST_JWT_SECRET, TestApp } from './utils/test-app';

const UNAUTHORIZED = { statusCode: 401, message: 'Unauthorized' };

describe('authentication (POST /auth/login, GET /auth/profile)', () => {
  let sut: TestApp;
  const now = () => Math.floor(Date.now() / 1000);
  const login = (body: unknown) =>
    request(sut.http)
      .post('/auth/login')
      .send(body as object);
  const profile = (authorization?: string) => {
    const req = request(sut.http).get('/auth/profile');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  beforeAll(async () => {
    sut = await createTestApp();
  });

  afterAll(() => sut.close());

  describe('login', () => {
    it.each([
      ['alice', 'alice-password', 1],
      ['bob', 'bob-password', 2],
    ])(
      'should answer 200 with an access token and a refresh token for %s',
      async (username, password, id) => {
        const response = await login({ username, password }).expect(200);

        expect(response.body).toEqual({
          access_token: expect.any(String),
          token_type: 'Bearer',
          expires_in: 60,
          refresh_token: expect.any(String),
        });
        expect(decodeJwtPayload(response.body.access_token)).toMatchObject({ sub: id, username });
        expect(response.text).not.toContain(password);
        expect(response.text).not.toContain('scrypt');
      },
    );

    it('should compare usernames in any case', async () => {
      const response = await login({ username: 'ALICE', password: 'alice-password' }).expect(200);

      expect(decodeJwtPayload(response.body.access_token)).toMatchObject({ sub: 1, username: 'alice' });
    });

    it('should give an unknown user and a wrong password the same 401', async () => {
      const wrongPassword = await login({ username: 'alice', password: 'bob-password' }).expect(401);
      const unknownUser = await login({ username: 'mallory', password: 'alice-password' }).expect(401);

      expect(wrongPassword.body).toEqual(UNAUTHORIZED);
      expect(unknownUser.body).toEqual(UNAUTHORIZED);
      // Byte for byte, as the contract writes it: statusCode first.
      expect(wrongPassword.text).toBe('{"statusCode":401,"message":"Unauthorized"}');
    });

    it.each([
      ['a NUL in it', { username: 'ali\u0000ce', password: 'alice-password' }],
      ['empty', { username: '', password: 'alice-password' }],
      ['longer than any account', { username: 'a'.repeat(33), password: 'alice-password' }],
    ])('should answer a username no user can have (%s) as an unknown one: 401', async (_case, body) => {
      const response = await login(body).expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });

    // Any two strings are a login (the contract's 400 is for a body that is not two strings).
    it.each([
      ['empty', ''],
      ['longer than any account', 'alice-password'.padEnd(129, '!')],
    ])('should answer a password no account can have (%s) as a wrong one: 401', async (_case, password) => {
      const response = await login({ username: 'alice', password }).expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });

    it.each([
      ['an empty body', {}],
      ['a missing password', { username: 'alice' }],
      ['a number as username', { username: 42, password: 'alice-password' }],
      ['an object as password', { username: 'alice', password: { $ne: '' } }],
      ['an array body', [{ username: 'alice', password: 'alice-password' }]],
    ])('should answer 400 for %s', async (_case, body) => {
      const response = await login(body).expect(400);

      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('should answer 400 for malformed JSON', async () => {
      await request(sut.http)
        .post('/auth/login')
        .set('Content-Type', 'application/json')
        .send('{"username": "alice",')
        .expect(400);
    });
  });

  describe('profile', () => {
    let token: string;

    beforeAll(async () => {
      token = (await login({ username: 'alice', password: 'alice-password' })).body.access_token;
    });

    it('should return the token payload with a 60 second lifetime', async () => {
      const response = await profile(`Bearer ${token}`).expect(200);

      expect(response.body).toEqual({
        sub: 1,
        username: 'alice',
        roles: ['admin'],
        iat: expect.any(Number),
        exp: expect.any(Number),
      });
      expect(response.body.exp - response.body.iat).toBe(60);
    });

    it('should accept a token signed with the configured secret', async () => {
      const payload = { sub: 2, username: 'bob', roles: ['user'], iat: now(), exp: now() + 60 };

      await profile(`Bearer ${forgeJwt(payload, { secret: TEST_JWT_SECRET })}`).expect(200, payload);
    });

    const valid = () => ({ sub: 1, username: 'alice', roles: ['admin'], iat: now(), exp: now() + 60 });
    const refusals: Array<[string, () => string | undefined]> = [
      ['no Authorization header', () => undefined],
      ['an empty header', () => ''],
      ['a lowercase scheme', () => `bearer ${token}`],
      ['another scheme', () => `Basic ${token}`],
      ['extra header parts', () => `Bearer ${token} extra`],
      ['two spaces', () => `Bearer  ${token}`],
      ['the scheme alone', () => 'Bearer'],
      ['a token that is not a JWT', () => 'Bearer not-a-token'],
      ['alg none', () => `Bearer ${forgeJwt(valid(), { secret: '', alg: 'none' })}`],
      ['an HS512 token', () => `Bearer ${forgeJwt(valid(), { secret: TEST_JWT_SECRET, alg: 'HS512' })}`],
      [
        'a wrong signature',
        () => `Bearer ${forgeJwt(valid(), { secret: 'another-secret-of-at-least-32-characters' })}`,
      ],
      [
        'a changed payload',
        () => {
          const [head, , signature] = token.split('.');
          const payload = Buffer.from(JSON.stringify({ ...decodeJwtPayload(token), sub: 2 })).toString(
            'base64url',
          );
          return `Bearer ${head}.${payload}.${signature}`;
        },
      ],
      [
        'an expired token',
        () =>
          `Bearer ${forgeJwt({ ...valid(), iat: now() - 120, exp: now() - 60 }, { secret: TEST_JWT_SECRET })}`,
      ],
      [
        'a token without exp',
        () =>
          `Bearer ${forgeJwt({ sub: 1, username: 'alice', roles: ['admin'], iat: now() }, { secret: TEST_JWT_SECRET })}`,
      ],
      // Signed with the secret, but not the shape the app signs.
      ...(
        [
          ['a sub that is a string', { sub: '1' }],
          ['a sub of 0', { sub: 0 }],
          ['a negative sub', { sub: -1 }],
          ['a fractional sub', { sub: 1.5 }],
          ['no sub', { sub: undefined }],
          ['no username', { username: undefined }],
          ['an empty username', { username: '' }],
          ['a username that is an object', { username: { name: 'alice' } }],
          ['no roles', { roles: undefined }],
          ['an unknown role', { roles: ['root'] }],
          ['roles that are a string', { roles: 'admin' }],
          ['no iat', { iat: undefined }],
          ['an iat that is a string', { iat: String(now()) }],
          ['an exp that is a string', { exp: String(now() + 60) }],
          ['a lifetime longer than JWT_EXPIRES_IN', { exp: now() + 3600 }],
          ['an iat in the future', { iat: now() + 3600, exp: now() + 3660 }],
        ] as Array<[string, Record<string, unknown>]>
      ).map(([name, claims]): [string, () => string] => [
        `a signed token with ${name}`,
        () => `Bearer ${forgeJwt({ ...valid(), ...claims }, { secret: TEST_JWT_SECRET })}`,
      ]),
    ];

    it.each(refusals)('should answer exactly 401 Unauthorized for %s', async (_case, header) => {
      const response = await profile(header()).expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });
  });

  describe('rate limit', () => {
    it('should answer 429 with Retry-After after ten attempts on one username, without locking out others', async () => {
      // One after the other: two at once from one address is the most the password hasher takes (503 past it).
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        statuses.push((await login({ username: 'carol', password: `guess-${i}` })).status);
      }
      expect(statuses).toEqual(Array(10).fill(401));

      const blocked = await login({ username: 'carol', password: 'guess-10' }).expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body).toEqual({
        statusCode: 429,
        message: `Too many attempts for this account from this address: try again in ${blocked.headers['retry-after']} seconds`,
      });

      await login({ username: 'alice', password: 'alice-password' }).expect(200);
    });

    it("should count password changes per account: one user's guesses neither block another's change nor reset with a username field", async () => {
      const change = (token: string, body: object) =>
        request(sut.http).post('/auth/password').set('Authorization', `Bearer ${token}`).send(body);
      const guess = (i: number, extra: object = {}) =>
        change(sut.bobToken(), {
          current_password: `guess-${i}`,
          new_password: 'a new long passphrase',
          ...extra,
        });
      for (let i = 0; i < 10; i += 1) await guess(i).expect(403);

      await guess(10).expect(429);
      // The body names no account on this route: a username field there is not one.
      await guess(11, { username: 'someone-else' }).expect(429);
      const alice = { current_password: 'alice-password', new_password: 'a new long passphrase' };
      await change(sut.aliceToken(), alice).expect(204);
      await change(sut.aliceToken(), {
        current_password: alice.new_password,
        new_password: 'alice-password',
      }).expect(204);
    });
  });
});
