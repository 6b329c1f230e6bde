import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { TEST_JWT_SECRET } from './utils/constants';
import { createSuiteDatabase } from './utils/postgres';
import { type ServerProcess, startServer, untilOutput } from './utils/server-process';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from './utils/smtp-server';
import { copyTemplateDatabase } from './utils/template-database';
import { useTestApp } from './utils/test-app';

const PASSWORD = 'a long and unusual passphrase';
const sentTo = (smtp: TestSmtpServer, address: string) =>
  smtp.mails.filter((mail: ReceivedMail) => mail.to.includes(address));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signupBody = (username: string) => ({ username, email: `${username}@example.com`, password: PASSWORD });

/** Real app processes (their log read as it is written) on copies of the template database; stopped after each test. */
function useProcesses() {
  const started: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nest-mail-'));
    copyTemplateDatabase(dataDir);
    dataDirs.push(dataDir);
    return dataDir;
  };
  const start = async (env: Record<string, string>) => {
    const server = await startServer(
      { NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false', ...env },
      60_000,
    );
    started.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  });
  afterAll(() => {
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });
  return { start, newDataDir };
}

describe('the mail outbox', () => {
  describe('an SMTP server that refuses, then accepts', () => {
    let smtp: TestSmtpServer;
    const env: Record<string, string> = { MAIL_RETRY_BASE_MS: '100' };
    beforeAll(async () => {
      smtp = await startSmtpServer();
      env.MAIL_URL = smtp.url;
    });
    const sut = useTestApp(env);
    afterAll(() => smtp?.close());

    it('should answer at once, retry the refused mail (451) and deliver it once', async () => {
      smtp.refuse(2);
      const before = smtp.attempts;

      await request(sut.http).post('/auth/signup').send(signupBody('retried')).expect(201);
      await smtp.waitForMail((mail) => mail.to.includes('retried@example.com'));
      // Well past another retry's time: nothing more comes.
      await pause(500);

      expect(smtp.attempts - before).toBe(3);
      expect(sentTo(smtp, 'retried@example.com')).toHaveLength(1);
    });
  });

  describe('in a real process', () => {
    const { start, newDataDir } = useProcesses();
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await startSmtpServer();
    });
    afterEach(() => smtp.close());

    it('should give a mail up after MAIL_MAX_ATTEMPTS, with one error line', async () => {
      smtp.refuse(Infinity);
      const app = await start({
        DATA_DIR: newDataDir(),
        MAIL_URL: smtp.url,
        MAIL_MAX_ATTEMPTS: '3',
        MAIL_RETRY_BASE_MS: '50',
      });

      await request(app.url).post('/auth/signup').send(signupBody('refused')).expect(201);
      await untilOutput(app, /Gave up on mail/, 10_000);
      await pause(500);

      expect(smtp.attempts).toBe(3);
      expect(
        app.output().match(/Gave up on mail #\d+ to refused@example\.com .*after 3 attempts/g),
      ).toHaveLength(1);
      expect(app.output().match(/Gave up/g)).toHaveLength(1);
    });

    it('should keep mail queued while the server is unreachable across a restart, and send it then', async () => {
      const { port } = smtp;
      await smtp.close();
      const dataDir = newDataDir();
      const env = { DATA_DIR: dataDir, MAIL_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '200' };
      const first = await start(env);
      await request(first.url).post('/auth/signup').send(signupBody('queued')).expect(201);
      expect(await first.stop()).toBe(0);

      smtp = await startSmtpServer(port);
      await start(env);

      await smtp.waitForMail((mail) => mail.to.includes('queued@example.com'));
      expect(sentTo(smtp, 'queued@example.com')).toHaveLength(1);
    });

    it('should print each mail, whole, in development without MAIL_URL', async () => {
      const app = await start({ DATA_DIR: newDataDir(), NODE_ENV: 'development' });

      await request(app.url).post('/auth/signup').send(signupBody('logged')).expect(201);

      await untilOutput(app, /To: logged@example\.com/);
      expect(app.output()).toMatch(/Subject: Confirm your e-mail address/);
      expect(app.output()).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]{43}\b/);
    });

    it('should warn once at start in production without MAIL_URL, and answer 503 where a mail is needed', async () => {
      const app = await start({ DATA_DIR: newDataDir(), NODE_ENV: 'production' });
      const unavailable = { statusCode: 503, message: 'Mail is not configured' };

      await request(app.url)
        .post('/auth/password/forgot')
        .send({ email: 'bob@example.com' })
        .expect(503, unavailable);
      await request(app.url).post('/auth/signup').send(signupBody('nomail')).expect(503, unavailable);

      expect(app.output().match(/MAIL_URL is not set/g)).toHaveLength(1);
      // Nothing was made: the account does not exist.
      await request(app.url).post('/auth/login').send({ username: 'nomail', password: PASSWORD }).expect(401);
    });
  });

  // CI's PostgreSQL run only (TEST_DATABASE_URL): two instances, one outbox.
  const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

  describeOnPostgres('two instances on one PostgreSQL database', () => {
    const { start, newDataDir } = useProcesses();
    let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      database = await createSuiteDatabase(process.env.TEST_DATABASE_URL!);
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp?.close();
      await database?.drop();
    });

    it('should send each mail exactly once, whichever instance queued it', async () => {
      const env = {
        DATABASE_URL: database.url,
        MAIL_URL: smtp.url,
        LOGIN_THROTTLE_ADDRESS_LIMIT: '1000',
        // Every sign-up at once, from one address: the hasher's per-client bound would refuse most (503).
        PASSWORD_HASH_CLIENT_LIMIT: '16',
        PASSWORD_HASH_QUEUE_LIMIT: '100',
      };
      const instances = await Promise.all([
        start({ ...env, DATA_DIR: newDataDir() }),
        start({ ...env, DATA_DIR: newDataDir() }),
      ]);
      const names = Array.from({ length: 12 }, (_, i) => `twice-${i}`);

      await Promise.all(
        names.map((name, i) =>
          request(instances[i % 2].url)
            .post('/auth/signup')
            .send(signupBody(name))
            .expect(201),
        ),
      );
      for (const name of names) await smtp.waitForMail((mail) => mail.to.includes(`${name}@example.com`));
      await pause(1_000);

      expect(names.map((name) => sentTo(smtp, `${name}@example.com`).length)).toEqual(names.map(() => 1));
    });
  });
});
