import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import request from 'supertest';
import { RefreshTokensService } from '../src/auth/refresh-tokens.service';
import { refreshTokens } from '../src/auth/refresh-tokens.table';
import { users } from '../src/users/users.table';
import { type Database, DATABASE } from '../src/database/database.types';
import { decodeJwtPayload } from './utils/jwt';
import { useTestApp } from './utils/test-app';

const UNAUTHORIZED = { statusCode: 401, message: 'Unauthorized' };

interface TokenPair {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe('refresh tokens (POST /auth/refresh, /auth/logout, /auth/password)', () => {
  // Many logins from one address in one window: the throttle has its own suite (auth.e2e-spec.ts).
  // Reuse detection at once: the grace for a retried refresh (REFRESH_REUSE_GRACE_SECONDS) has its own test.
  const sut = useTestApp({
    LOGIN_THROTTLE_LIMIT: '1000',
    LOGIN_THROTTLE_ADDRESS_LIMIT: '1000',
    REFRESH_REUSE_GRACE_SECONDS: '0',
  });
  const db = () => sut.app.get<Database>(DATABASE);

  const login = async (username = 'alice', password = `${username}-password`): Promise<TokenPair> =>
    (await request(sut.http).post('/auth/login').send({ username, password }).expect(200)).body as TokenPair;
  const refresh = (body: unknown, authorization?: string) => {
    const call = request(sut.http)
      .post('/auth/refresh')
      .send(body as object);
    return authorization === undefined ? call : call.set('Authorization', authorization);
  };
  const logout = (body: unknown) =>
    request(sut.http)
      .post('/auth/logout')
      .send(body as object);
  const expectRefused = async (refreshToken: string) => {
    const response = await refresh({ refresh_token: refreshToken });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED);
  };

  describe('login', () => {
    it('should answer access_token, token_type Bearer, expires_in and an opaque 256-bit refresh_token', async () => {
      const pair = await login();

      expect(Object.keys(pair).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
      expect(pair.token_type).toBe('Bearer');
      expect(pair.expires_in).toBe(60);
      // 64 base64url characters: the login's family (16 bytes) and 32 random bytes, and not a JWT.
      expect(pair.refresh_token).toMatch(/^[A-Za-z0-9_-]{64}$/);
      expect(decodeJwtPayload(pair.access_token)).toMatchObject({
        sub: 1,
        username: 'alice',
        roles: ['admin'],
      });
    });

    it('should store the refresh token only as its SHA-256 hash', async () => {
      const { refresh_token } = await login();

      const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, 1));
      expect(rows.some((row) => row.tokenHash === sha256(refresh_token))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(refresh_token);
    });

    it('should start a new family at each login', async () => {
      const first = await login();
      const second = await login();

      const families = await db()
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(
          sql`${refreshTokens.tokenHash} in (${sha256(first.refresh_token)}, ${sha256(second.refresh_token)})`,
        );
      expect(new Set(families.map((row) => row.familyId)).size).toBe(2);
    });
  });

  describe('refresh', () => {
    it('should answer a new pair of the same shape, and the new refresh token works in turn', async () => {
      const first = await login('bob');

      const second = (await refresh({ refresh_token: first.refresh_token }).expect(200)).body as TokenPair;
      expect(Object.keys(second).sort()).toEqual([
        'access_token',
        'expires_in',
        'refresh_token',
        'token_type',
      ]);
      expect(second).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      await request(sut.http)
        .get('/auth/profile')
        .set('Authorization', `Bearer ${second.access_token}`)
        .expect(200)
        .expect((response) =>
          expect(response.body).toMatchObject({ sub: 2, username: 'bob', roles: ['user'] }),
        );

      await refresh({ refresh_token: second.refresh_token }).expect(200);
    });

    it('should answer 401 for a spent token presented again, and revoke its whole family', async () => {
      const first = await login();
      const second = (await refresh({ refresh_token: first.refresh_token }).expect(200)).body as TokenPair;
      const other = await login(); // another login of the same user: its own family

      await expectRefused(first.refresh_token);

      // The family is dead: the token the reuse would otherwise leave alive is refused too.
      await expectRefused(second.refresh_token);
      await refresh({ refresh_token: other.refresh_token }).expect(200);
    });

    it('should keep one row per login and detect the reuse of a token spent any number of refreshes ago', async () => {
      const tokens = sut.app.get(RefreshTokensService);
      const first = await login('bob');
      const spent = [first.refresh_token];
      for (let i = 0; i < 150; i++) spent.push((await tokens.rotate(spent.at(-1)!))!.token);
      const live = spent.pop()!;

      const rows = await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(live)));
      const family = await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, rows[0].familyId));
      expect(family).toEqual(rows);
      // The table holds a hash of the family the token names, not the family itself.
      const named = Buffer.from(live, 'base64url').subarray(0, 16).toString('hex');
      expect(rows[0].familyId.replaceAll('-', '')).not.toBe(named);

      await expectRefused(spent[0]);

      await expectRefused(live);
      expect(
        await db().select().from(refreshTokens).where(eq(refreshTokens.familyId, rows[0].familyId)),
      ).toEqual([]);
    });

    it('should refuse a well-shaped token of no family, and revoke nothing', async () => {
      const { refresh_token } = await login('bob');

      await expectRefused('A'.repeat(64));

      await refresh({ refresh_token }).expect(200);
    });

    it('should take another token naming a live family for a spent one of it, and revoke the family', async () => {
      const { refresh_token } = await login('bob');
      const family = Buffer.from(refresh_token, 'base64url').subarray(0, 16);
      const otherSecret = Buffer.concat([family, Buffer.alloc(32)]).toString('base64url');

      await expectRefused(otherSecret);

      await expectRefused(refresh_token);
    });

    it('should let exactly one of two concurrent refreshes with one token win', async () => {
      const { refresh_token } = await login('bob');

      const responses = await Promise.all([
        refresh({ refresh_token }),
        refresh({ refresh_token }),
        refresh({ refresh_token }),
      ]);

      expect(responses.map((response) => response.status).sort()).toEqual([200, 401, 401]);
      // The losers presented a spent token: reuse, so the winner's new token is revoked with its family.
      const winner = responses.find((response) => response.status === 200)!.body as TokenPair;
      await expectRefused(winner.refresh_token);
    });

    it('should sign the refreshed access token with the roles the user has now', async () => {
      const { refresh_token } = await login('bob');
      await request(sut.http)
        .patch('/users/2')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .send({ roles: ['user', 'admin'] })
        .expect(200);

      const next = (await refresh({ refresh_token }).expect(200)).body as TokenPair;

      expect(decodeJwtPayload(next.access_token).roles).toEqual(['user', 'admin']);
      await request(sut.http)
        .patch('/users/2')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .send({ roles: ['user'] })
        .expect(200);
    });

    it('should answer 401 for a token past its expiry, and the next login purges it', async () => {
      const { refresh_token } = await login('bob');
      const hash = sha256(refresh_token);
      await db()
        .update(refreshTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(refreshTokens.tokenHash, hash));

      await expectRefused(refresh_token);

      await login('bob');
      expect(await db().$count(refreshTokens, eq(refreshTokens.tokenHash, hash))).toBe(0);
    });

    describe('bad input and attacks', () => {
      let live: TokenPair;

      beforeAll(async () => {
        live = await login();
      });

      it.each<[string, () => string]>([
        ['garbage', () => 'garbage'],
        ['an empty string', () => ''],
        ['a truncated token', () => live.refresh_token.slice(0, -1)],
        [
          'a token with one character changed',
          () => `${live.refresh_token[0] === 'A' ? 'B' : 'A'}${live.refresh_token.slice(1)}`,
        ],
        ['a very long token (8 kB)', () => live.refresh_token.repeat(200).slice(0, 8192)],
        ['an access token', () => live.access_token],
        ['the hash of a token', () => sha256(live.refresh_token)],
        ['SQL', () => "' or 1=1 --"],
        ['non-ASCII text', () => 'ţøķéñ\u0000'],
      ])('should answer exactly 401, never 5xx, for %s', async (_case, token) => {
        await expectRefused(token());
      });

      it("should answer 401 for another user's refresh token presented with one's own access token", async () => {
        const bob = await login('bob');

        const response = await refresh({ refresh_token: live.refresh_token }, `Bearer ${bob.access_token}`);

        expect(response.status).toBe(401);
        expect(response.body).toEqual(UNAUTHORIZED);
        // Not spent by the attempt: alice's token still works, for alice.
        const next = await refresh({ refresh_token: live.refresh_token }, `Bearer ${live.access_token}`);
        expect(next.status).toBe(200);
        live = next.body as TokenPair;
      });

      it('should answer 401 when the access token sent along is not one of ours', async () => {
        const response = await refresh({ refresh_token: live.refresh_token }, 'Bearer not-a-jwt');

        expect(response.status).toBe(401);
        await refresh({ refresh_token: live.refresh_token }).expect(200);
      });

      it("should take a client's Basic credentials (RFC 6749 §2.3.1) as no access token, not refuse them", async () => {
        const pair = await login();

        await refresh({ refresh_token: pair.refresh_token }, 'Basic Ym9iOmJvYg==').expect(200);
      });

      it.each<[string, unknown]>([
        ['no refresh_token', {}],
        ['a number', { refresh_token: 42 }],
        ['an object', { refresh_token: { $ne: '' } }],
        ['a list', { refresh_token: ['a'] }],
        ['null', { refresh_token: null }],
      ])('should answer 400 for %s', async (_case, body) => {
        expect((await refresh(body)).status).toBe(400);
      });
    });
  });

  describe('logout', () => {
    it("should answer 204 and revoke that login's tokens, spent or not, and no other login's", async () => {
      const first = await login('bob');
      const second = (await refresh({ refresh_token: first.refresh_token }).expect(200)).body as TokenPair;
      const other = await login('bob');

      const response = await logout({ refresh_token: first.refresh_token });

      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      await expectRefused(second.refresh_token);
      await refresh({ refresh_token: other.refresh_token }).expect(200);
    });

    it('should make a refresh after logout 401', async () => {
      const { refresh_token } = await login('bob');

      await logout({ refresh_token }).expect(204);

      await expectRefused(refresh_token);
    });

    it.each(['', 'unknown', 'x'.repeat(8192), 'A'.repeat(43), 'A'.repeat(64)])(
      'should answer 204 for a token that is not a live one (%#)',
      async (token) => {
        await logout({ refresh_token: token }).expect(204);
      },
    );

    it('should answer 400 for a body without a string token', async () => {
      await logout({}).expect(400);
      await logout({ refresh_token: 1 }).expect(400);
    });
  });

  describe('password change', () => {
    const change = (body: unknown, token?: string) => {
      const call = request(sut.http)
        .post('/auth/password')
        .send(body as object);
      return token === undefined ? call : call.set('Authorization', `Bearer ${token}`);
    };

    it('should answer 401 without an access token', async () => {
      const response = await change({
        current_password: 'bob-password',
        new_password: 'a new long passphrase',
      });

      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED);
    });

    it('should answer 403 for a wrong current password, and change nothing', async () => {
      const { access_token } = await login('bob');

      const response = await change(
        { current_password: 'not-bobs-password', new_password: 'a new long passphrase' },
        access_token,
      );

      expect(response.status).toBe(403);
      await login('bob', 'bob-password');
    });

    it.each<[string, string]>([
      ['too short', 'short'],
      ['129 characters', 'x'.repeat(129)],
      ['a common password', 'password1'],
      ['a common password in capitals', 'BASEBALL'],
    ])('should answer 400 for a new password %s, and change nothing', async (_case, newPassword) => {
      const { access_token } = await login('bob');

      const response = await change(
        { current_password: 'bob-password', new_password: newPassword },
        access_token,
      );

      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('new_password');
      await login('bob', 'bob-password');
    });

    it('should let one of two changes racing from the same current password through, and answer the other 403', async () => {
      const { access_token } = await login('bob');
      const passwords = ['first new passphrase', 'second new passphrase'];

      const responses = await Promise.all(
        passwords.map((new_password) =>
          change({ current_password: 'bob-password', new_password }, access_token),
        ),
      );

      expect(responses.map((response) => response.status).sort()).toEqual([204, 403]);
      const kept = passwords[responses.findIndex((response) => response.status === 204)];
      const lost = passwords.find((password) => password !== kept)!;
      await request(sut.http).post('/auth/login').send({ username: 'bob', password: lost }).expect(401);
      const relogged = await login('bob', kept);
      await change({ current_password: kept, new_password: 'bob-password' }, relogged.access_token).expect(
        204,
      );
    });

    it('should start no family for a login whose password was changed while it was checked', async () => {
      const [{ passwordHash }] = await db().select().from(users).where(eq(users.id, 2));
      const { access_token } = await login('bob');
      await change(
        { current_password: 'bob-password', new_password: 'a new long passphrase' },
        access_token,
      ).expect(204);

      // A login that checked the old password, finishing after the change.
      await expect(sut.app.get(RefreshTokensService).start(2, passwordHash)).resolves.toBeUndefined();

      expect(await db().select().from(refreshTokens).where(eq(refreshTokens.userId, 2))).toEqual([]);
      const relogged = await login('bob', 'a new long passphrase');
      await change(
        { current_password: 'a new long passphrase', new_password: 'bob-password' },
        relogged.access_token,
      ).expect(204);
    });

    // PGlite runs one statement at a time; on PostgreSQL the two race for real.
    (process.env.TEST_DATABASE_URL ? it : it.skip)(
      'should hold a login back while a password change is in progress, then start no family (PostgreSQL)',
      async () => {
        const [{ passwordHash }] = await db().select().from(users).where(eq(users.id, 2));
        const other = new Client({ connectionString: process.env.DATABASE_URL });
        await other.connect();
        try {
          await other.query('begin');
          await other.query("update users set password_hash = 'changed' where id = 2");
          let settled = false;
          const started = sut.app
            .get(RefreshTokensService)
            .start(2, passwordHash)
            .finally(() => (settled = true));
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(settled).toBe(false); // waiting for the row the change holds

          await other.query('commit');

          await expect(started).resolves.toBeUndefined();
        } finally {
          await other.query('update users set password_hash = $1 where id = 2', [passwordHash]);
          await other.end();
        }
      },
    );

    it('should answer 204, take the new password, and make every refresh token of the user 401', async () => {
      const first = await login('bob');
      const second = await login('bob');
      const alice = await login('alice');

      await change(
        { current_password: 'bob-password', new_password: 'a new long passphrase' },
        first.access_token,
      ).expect(204);

      await expectRefused(first.refresh_token);
      await expectRefused(second.refresh_token);
      await refresh({ refresh_token: alice.refresh_token }).expect(200);
      await request(sut.http)
        .post('/auth/login')
        .send({ username: 'bob', password: 'bob-password' })
        .expect(401);
      const relogged = await login('bob', 'a new long passphrase');
      await change(
        { current_password: 'a new long passphrase', new_password: 'bob-password' },
        relogged.access_token,
      ).expect(204);
    });
  });
});
