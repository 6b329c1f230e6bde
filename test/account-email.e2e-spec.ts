import { sql } from 'drizzle-orm';
import request from 'supertest';
import { oneTimeTokens } from '../src/auth/one-time-tokens.table';
import { type Database, DATABASE } from '../src/database/database.types';
import { graphqlClient } from './utils/graphql';
import { linkToken, type ReceivedMail, startSmtpServer, type TestSmtpServer } from './utils/smtp-server';
import { type TestApp, useTestApp } from './utils/test-app';

const APP_URL = 'https://app.example.com';
const INVALID_TOKEN = { statusCode: 400, message: 'Invalid or expired token' };
const TAKEN = { statusCode: 409, message: 'username or email is taken' };
const FORGOT_ANSWER = { message: 'If that address has an account, a link is on its way' };
const PASSWORD = 'a long and unusual passphrase';

interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** An SMTP server for the describe block, and an app that sends to it (env filled in once the server listens). */
function useMailedApp(env: Record<string, string> = {}): { sut: TestApp; smtp: () => TestSmtpServer } {
  let smtp: TestSmtpServer;
  const appEnv: Record<string, string> = {
    APP_URL,
    MAIL_RETRY_BASE_MS: '50',
    // Many sign-ups and logins from one address in one window: the throttle has its own test below.
    LOGIN_THROTTLE_ADDRESS_LIMIT: '1000',
    ...env,
  };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    appEnv.MAIL_URL = smtp.url;
  });
  const sut = useTestApp(appEnv);
  afterAll(() => smtp?.close());
  return { sut, smtp: () => smtp };
}

function accountCalls(sut: TestApp, smtp: () => TestSmtpServer) {
  const mailTo = (to: string, subject: RegExp, after = 0) =>
    smtp().waitForMail(
      (mail) =>
        mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) &&
        subject.test(mail.subject) &&
        smtp().mails.indexOf(mail) >= after,
    );
  return {
    signup: (body: object) => request(sut.http).post('/auth/signup').send(body),
    login: async (username: string, password = PASSWORD): Promise<TokenPair> =>
      (await request(sut.http).post('/auth/login').send({ username, password }).expect(200))
        .body as TokenPair,
    me: (token: string) => request(sut.http).get('/auth/me').set('Authorization', `Bearer ${token}`),
    confirm: (token: string) => request(sut.http).post('/auth/email/confirm').send({ token }),
    forgot: (email: string) => request(sut.http).post('/auth/password/forgot').send({ email }),
    reset: (token: string, new_password: string) =>
      request(sut.http).post('/auth/password/reset').send({ token, new_password }),
    refresh: (refresh_token: string) => request(sut.http).post('/auth/refresh').send({ refresh_token }),
    /** The next mail to `to` whose subject matches, received after the first `after` mails. */
    mailTo,
    confirmationTo: (to: string, after = 0) => mailTo(to, /^Confirm your e-mail address$/, after),
    resetTo: (to: string, after = 0) => mailTo(to, /^Reset your password$/, after),
  };
}

describe('accounts with e-mail (CONTRACT §4.2)', () => {
  const { sut, smtp } = useMailedApp({ REFRESH_REUSE_GRACE_SECONDS: '1' });
  const calls = accountCalls(sut, smtp);
  const { signup, login, me, confirm, forgot, reset, refresh, confirmationTo, resetTo, mailTo } = calls;
  const db = () => sut.app.get<Database>(DATABASE);

  /** A new account, its address confirmed through its link; its first login. */
  async function confirmedAccount(username: string): Promise<TokenPair & { email: string }> {
    const email = `${username}@example.com`;
    await signup({ username, email, password: PASSWORD }).expect(201);
    await confirm(linkToken(await confirmationTo(email), 'confirm-email')).expect(204);
    return { ...(await login(username)), email };
  }

  describe('sign-up and confirmation', () => {
    it('should create the account unconfirmed, mail a link to its address, and confirm it once', async () => {
      const response = await signup({ username: 'carol', email: 'Carol@Example.com', password: PASSWORD });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        username: 'carol',
        email: 'Carol@Example.com',
        emailVerified: false,
        roles: ['user'],
      });
      const mail = await confirmationTo('Carol@Example.com');
      expect(mail.from).toBe('no-reply@localhost');
      expect(mail.text).toMatch(new RegExp(`${APP_URL}/confirm-email\\?token=[A-Za-z0-9_-]{43,}\\n`));
      expect(mail.html).toContain(`${APP_URL}/confirm-email?token=`);

      const token = linkToken(mail, 'confirm-email');
      await confirm(token).expect(204);
      const { access_token } = await login('carol');
      expect((await me(access_token).expect(200)).body).toMatchObject({
        username: 'carol',
        emailVerified: true,
      });
      // Single use.
      await confirm(token).expect(400, INVALID_TOKEN);
    });

    it('should refuse a sign-up without an e-mail, or with one that is not an address, naming it', async () => {
      const missing = await signup({ username: 'dora', password: PASSWORD }).expect(400);
      const malformed = await signup({
        username: 'dora',
        email: 'dora at example',
        password: PASSWORD,
      }).expect(400);
      const long = await signup({
        username: 'dora',
        email: `${'d'.repeat(250)}@example.com`,
        password: PASSWORD,
      });

      expect(JSON.stringify(missing.body.message)).toMatch(/email/);
      expect(JSON.stringify(malformed.body.message)).toMatch(/email must be an e-mail address/);
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body.message)).toMatch(/email must be at most 254 characters/);
    });

    it('should answer 409 with one body for a taken e-mail (in any case) and a taken username', async () => {
      await signup({ username: 'bobby', email: 'BOB@example.com', password: PASSWORD }).expect(409, TAKEN);
      await signup({ username: 'bob', email: 'new-bob@example.com', password: PASSWORD }).expect(409, TAKEN);
    });

    it('should refuse unknown, malformed and expired confirmation tokens with one 400', async () => {
      await confirm('A'.repeat(43)).expect(400, INVALID_TOKEN);
      await confirm('not a token').expect(400, INVALID_TOKEN);
      await confirm('A'.repeat(5_000)).expect(400, INVALID_TOKEN);
      await signup({ username: 'eve', email: 'eve@example.com', password: PASSWORD }).expect(201);
      const token = linkToken(await confirmationTo('eve@example.com'), 'confirm-email');
      await db()
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` });

      await confirm(token).expect(400, INVALID_TOKEN);
    });

    it('should mail another link on resend (202), which confirms the address', async () => {
      await signup({ username: 'fred', email: 'fred@example.com', password: PASSWORD }).expect(201);
      await confirmationTo('fred@example.com');
      const seen = smtp().mails.length;
      const { access_token } = await login('fred');

      await request(sut.http)
        .post('/auth/email/resend')
        .set('Authorization', `Bearer ${access_token}`)
        .expect(202);

      await confirm(linkToken(await confirmationTo('fred@example.com', seen), 'confirm-email')).expect(204);
      expect((await me(access_token)).body.emailVerified).toBe(true);
      await request(sut.http).post('/auth/email/resend').expect(401);
    });
  });

  describe('forgotten password', () => {
    it('should reset with the link: single use, every login ended, every other link dead, the address confirmed', async () => {
      await signup({ username: 'gina', email: 'gina@example.com', password: PASSWORD }).expect(201);
      const first = await login('gina');
      const second = await login('gina');
      const seen = smtp().mails.length;
      await forgot('gina@example.com').expect(202, FORGOT_ANSWER);
      const earlier = linkToken(await resetTo('gina@example.com', seen), 'reset-password');
      await forgot('GINA@example.com').expect(202, FORGOT_ANSWER);
      const later = await smtp().waitForMail(
        (mail) =>
          mail.to.includes('gina@example.com') && /Reset/.test(mail.subject) && !mail.text.includes(earlier),
      );
      const token = linkToken(later, 'reset-password');
      expect(later.text).toMatch(new RegExp(`${APP_URL}/reset-password\\?token=[A-Za-z0-9_-]{43,}`));

      await reset(token, 'a brand new passphrase').expect(204);

      for (const { refresh_token } of [first, second]) await refresh(refresh_token).expect(401);
      await reset(token, 'another new passphrase').expect(400, INVALID_TOKEN);
      await reset(earlier, 'another new passphrase').expect(400, INVALID_TOKEN);
      await request(sut.http).post('/auth/login').send({ username: 'gina', password: PASSWORD }).expect(401);
      const { access_token } = await login('gina', 'a brand new passphrase');
      expect((await me(access_token)).body.emailVerified).toBe(true);
    });

    it('should keep the link usable after a new password that breaks a rule (400 naming it)', async () => {
      const seen = smtp().mails.length;
      await forgot('bob@example.com').expect(202);
      const token = linkToken(await resetTo('bob@example.com', seen), 'reset-password');

      const weak = await reset(token, 'password').expect(400);
      expect(JSON.stringify(weak.body.message)).toMatch(/most common passwords/);
      const username = await reset(token, 'BOB').expect(400);
      expect(JSON.stringify(username.body.message)).toMatch(/8 to 128/);

      await reset(token, 'bob-password').expect(204);
    });

    it('should let one of two resets racing with one link through, and keep its password', async () => {
      await signup({ username: 'olga', email: 'olga@example.com', password: PASSWORD }).expect(201);
      const seen = smtp().mails.length;
      await forgot('olga@example.com').expect(202);
      const token = linkToken(await resetTo('olga@example.com', seen), 'reset-password');

      const [first, second] = await Promise.all([
        reset(token, 'first racing passphrase'),
        reset(token, 'second racing passphrase'),
      ]);

      expect([first.status, second.status].sort()).toEqual([204, 400]);
      const winner = first.status === 204 ? 'first racing passphrase' : 'second racing passphrase';
      await login('olga', winner);
    });

    it('should refuse an expired reset link', async () => {
      const seen = smtp().mails.length;
      await forgot('bob@example.com').expect(202);
      const token = linkToken(await resetTo('bob@example.com', seen), 'reset-password');
      await db()
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` });

      await reset(token, 'a brand new passphrase').expect(400, INVALID_TOKEN);
    });

    it('should answer an unknown address exactly as a known one, and mail nobody', async () => {
      const unknown = await forgot('nobody@example.com');
      const known = await forgot('alice@example.com');

      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      // The known address's mail arrives; by then the unknown one's would have been queued before it.
      await resetTo('alice@example.com');
      expect(smtp().mails.some((mail: ReceivedMail) => mail.to.includes('nobody@example.com'))).toBe(false);
    });

    it('should refuse a body without an e-mail string (400)', async () => {
      await request(sut.http).post('/auth/password/forgot').send({ email: 42 }).expect(400);
    });
  });

  describe('/auth/me', () => {
    it('should show the account, and 401 without a token', async () => {
      await request(sut.http).get('/auth/me').expect(401);
      expect((await me(sut.bobToken()).expect(200)).body).toEqual({
        id: 2,
        username: 'bob',
        email: 'bob@example.com',
        emailVerified: true,
        roles: ['user'],
      });
    });

    it('should rename at once, and refuse a taken (409) or reserved (400) name', async () => {
      const { access_token } = await confirmedAccount('hana');
      const patch = (body: object) =>
        request(sut.http).patch('/auth/me').set('Authorization', `Bearer ${access_token}`).send(body);

      await patch({ username: 'Hana2' }).expect(200);
      expect((await me(access_token)).body.username).toBe('hana2');
      await patch({ username: 'ALICE' }).expect(409);
      const reserved = await patch({ username: 'root' }).expect(400);
      expect(JSON.stringify(reserved.body.message)).toMatch(/reserved/);
      await patch({}).expect(400);
    });

    it('should kill the older confirmation links of an account once one is used', async () => {
      await signup({ username: 'nora', email: 'nora@example.com', password: PASSWORD }).expect(201);
      const older = linkToken(await confirmationTo('nora@example.com'), 'confirm-email');
      const seen = smtp().mails.length;
      const { access_token } = await login('nora');
      await request(sut.http)
        .patch('/auth/me')
        .set('Authorization', `Bearer ${access_token}`)
        .send({ email: 'nora@example.org' })
        .expect(200);
      await confirm(linkToken(await confirmationTo('nora@example.org', seen), 'confirm-email')).expect(204);

      // The sign-up's link would bring the replaced address back.
      await confirm(older).expect(400, INVALID_TOKEN);
      expect((await me(access_token)).body.email).toBe('nora@example.org');
    });

    it('should change the address only once the new one is confirmed, telling the old one', async () => {
      const { access_token, email } = await confirmedAccount('ivan');
      const seen = smtp().mails.length;

      const patched = await request(sut.http)
        .patch('/auth/me')
        .set('Authorization', `Bearer ${access_token}`)
        .send({ email: 'ivan@example.org' })
        .expect(200);
      expect(patched.body).toMatchObject({ email, emailVerified: true });

      const notice = await mailTo(email, /being changed/, seen);
      expect(notice.text).toContain('ivan@example.org');
      const link = await confirmationTo('ivan@example.org', seen);
      expect((await me(access_token)).body.email).toBe(email);
      await confirm(linkToken(link, 'confirm-email')).expect(204);
      expect((await me(access_token)).body).toMatchObject({ email: 'ivan@example.org', emailVerified: true });
      await request(sut.http)
        .patch('/auth/me')
        .set('Authorization', `Bearer ${access_token}`)
        .send({ email: 'ALICE@example.com' })
        .expect(409, TAKEN);
    });

    it('should delete the account with its password: 403 when wrong, then its logins are gone', async () => {
      const { access_token, refresh_token } = await confirmedAccount('jack');
      const remove = (password: string) =>
        request(sut.http)
          .delete('/auth/me')
          .set('Authorization', `Bearer ${access_token}`)
          .send({ password });

      await remove('not the password').expect(403);
      await remove(PASSWORD).expect(204);

      await refresh(refresh_token).expect(401);
      await request(sut.http).post('/auth/login').send({ username: 'jack', password: PASSWORD }).expect(401);
      // The name and address are free again.
      await signup({ username: 'jack', email: 'jack@example.com', password: PASSWORD }).expect(201);
    });

    it('should keep the last admin (409, saying why)', async () => {
      const response = await request(sut.http)
        .delete('/auth/me')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .send({ password: 'alice-password' })
        .expect(409);

      expect(response.body.message).toMatch(/last admin/);
    });
  });

  describe('GraphQL me', () => {
    it.each(['/graphql', '/schema-first/graphql'])(
      'should show the address and its state on %s',
      async (path) => {
        const gql = graphqlClient(sut, path);

        const { data } = await gql('{ me { username email emailVerified } }', {
          auth: `Bearer ${sut.bobToken()}`,
        });

        expect(data).toEqual({ me: { username: 'bob', email: 'bob@example.com', emailVerified: true } });
      },
    );
  });

  describe('the small account rules', () => {
    it.each(['admin', 'root', 'administrator', 'system', 'support', 'null', 'undefined'])(
      'should refuse the username %s (400 naming it)',
      async (username) => {
        const response = await signup({ username, email: `${username}-x@example.com`, password: PASSWORD });

        expect(response.status).toBe(400);
        expect(JSON.stringify(response.body.message)).toMatch(/reserved/);
      },
    );

    it.each([
      ['NUL', 'secret\u0000passphrase'],
      ['a zero-width space', 'secret\u200Bpassphrase'],
      ['a BOM', '\uFEFFsecret passphrase'],
      ['fewer than 3 different characters', 'abababababab'],
    ])('should refuse a password with %s (400)', async (_name, password) => {
      const response = await signup({ username: 'kim', email: 'kim@example.com', password });

      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body.message)).toMatch(/password must/);
    });

    it('should answer a retried refresh within the grace with a fresh pair of the same login', async () => {
      const { refresh_token: issued } = await login('bob', 'bob-password');
      const rotated = (await refresh(issued).expect(200)).body as TokenPair;

      const retried = (await refresh(issued).expect(200)).body as TokenPair;

      expect(retried.refresh_token).not.toBe(rotated.refresh_token);
      const next = (await refresh(retried.refresh_token).expect(200)).body as TokenPair;
      // Past the grace (1 s here), the spent token is a reuse again: the login is revoked.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await refresh(issued).expect(401);
      await refresh(next.refresh_token).expect(401);
    });
  });

  describe('throttling of forgotten passwords', () => {
    it('should answer 429 to the 11th request for one address, while another address is answered', async () => {
      for (let i = 0; i < 10; i += 1) await forgot('Throttled@example.com').expect(202);

      const blocked = await forgot('throttled@EXAMPLE.com').expect(429);

      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      await forgot('other@example.com').expect(202);
    });
  });
});

describe('REQUIRE_VERIFIED_EMAIL=true', () => {
  const { sut, smtp } = useMailedApp({ REQUIRE_VERIFIED_EMAIL: 'true' });
  const { signup, confirm, confirmationTo } = accountCalls(sut, smtp);
  const loginAs = (username: string) =>
    request(sut.http).post('/auth/login').send({ username, password: PASSWORD });

  it('should refuse the login of an unconfirmed address with 403, and let it in once confirmed', async () => {
    await signup({ username: 'lena', email: 'lena@example.com', password: PASSWORD }).expect(201);

    await loginAs('lena').expect(403, { statusCode: 403, message: 'Confirm your e-mail address first' });
    // A wrong password is the usual 401: the state of the address is told only to whoever knows the password.
    await request(sut.http).post('/auth/login').send({ username: 'lena', password: 'wrong one' }).expect(401);

    await confirm(linkToken(await confirmationTo('lena@example.com'), 'confirm-email')).expect(204);
    await loginAs('lena').expect(200);
  });
});
