import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { TEST_JWT_SECRET } from './utils/constants';
import { connectWs, subscribeWs } from './utils/graphql-ws';
import { nextWithin } from './utils/next-within';
import { ROOT } from './utils/paths';
import { createSuiteDatabase } from './utils/postgres';
import { PROBE_SERVER_SCRIPT, type ServerProcess, startServer } from './utils/server-process';

// CI's PostgreSQL run only: two instances behind one load balancer share everything they remember. Each runs
// with the test-only probe (test/fixtures/probe): its session route and notes stand for any feature's.
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let instances: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    // Empty, never migrated: both instances find the migrations to apply, at the same moment.
    database = await createSuiteDatabase(process.env.TEST_DATABASE_URL!, { empty: true });
    await createProbeTable(database.url);
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'nest-scale-out-'));
      dataDirs.push(dataDir);
      return startServer(
        {
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          SEED_DEMO: 'false',
          // Reuse detection at once: the grace for a retried refresh has its own test (account-email).
          REFRESH_REUSE_GRACE_SECONDS: '0',
        },
        60_000,
        ROOT,
        PROBE_SERVER_SCRIPT,
      );
    };
    instances = await Promise.all([start(), start()]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The probe's notes table, made before the instances start: each would make it at start (create ... if not
   * exists), and two such statements at the same moment can both try to create it (a unique violation in the
   * catalog). Without the foreign key to users, which the migrations create later; no test here needs it.
   */
  async function createProbeTable(url: string): Promise<void> {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('create schema probe');
      await admin.query(
        'create table probe.notes (id serial primary key, text varchar(200) not null unique, user_id integer not null)',
      );
    } finally {
      await admin.end();
    }
  }

  /** The instance a round-robin load balancer would pick for the n-th request. */
  const nth = (n: number) => instances[n % 2].url;

  it('should both have migrated at start, concurrently, without an error', async () => {
    for (const instance of instances) {
      await request(instance.url).get('/health/ready').expect(200);
      expect(instance.output()).not.toMatch(/\b(ERROR|FATAL)\b/);
    }
  });

  it('should answer 429 to the 11th bad login for one username, the first ten spread over both', async () => {
    for (let i = 0; i < 10; i += 1) {
      await request(nth(i))
        .post('/auth/login')
        .send({ username: 'mallory', password: `guess-${i}` })
        .expect(401);
    }

    const blocked = await request(nth(10))
      .post('/auth/login')
      .send({ username: 'mallory', password: 'guess-10' })
      .expect(429);
    const onTheOther = await request(nth(11))
      .post('/auth/login')
      .send({ username: 'mallory', password: 'guess-11' })
      .expect(429);

    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(onTheOther.headers['retry-after'])).toBeGreaterThan(0);
    // The counter is per username: another one from the same address is still answered.
    await request(nth(12)).post('/auth/login').send({ username: 'trudy', password: 'guess' }).expect(401);
  });

  it('should read through one instance the session written through the other', async () => {
    const first = await request(nth(0)).get('/probe/session').expect(200, { visits: 1 });
    const cookie = first.headers['set-cookie'] as unknown as string[];

    await request(nth(1)).get('/probe/session').set('Cookie', cookie).expect(200, { visits: 2 });
    await request(nth(0)).get('/probe/session').set('Cookie', cookie).expect(200, { visits: 3 });
  });

  it('should rotate through one instance a refresh token issued by the other, and see its reuse on either', async () => {
    const credentials = { username: 'scale-out-user', password: 'a long and unusual passphrase' };
    await request(nth(0))
      .post('/auth/signup')
      .send({ ...credentials, email: 'scale-out-user@example.com' })
      .expect(201);
    const login = await request(nth(0)).post('/auth/login').send(credentials).expect(200);
    const issued = login.body.refresh_token as string;

    const rotated = await request(nth(1)).post('/auth/refresh').send({ refresh_token: issued }).expect(200);
    expect(rotated.body.refresh_token).not.toBe(issued);

    // The spent token again, on the first instance: reuse, so the whole login is revoked, the new token too.
    await request(nth(0)).post('/auth/refresh').send({ refresh_token: issued }).expect(401);
    await request(nth(1))
      .post('/auth/refresh')
      .send({ refresh_token: rotated.body.refresh_token })
      .expect(401);
  });

  it('should deliver a subscription event to a subscriber of one instance for a write through the other', async () => {
    const credentials = { username: 'scale-out-subscriber', password: 'another long and unusual passphrase' };
    await request(nth(0))
      .post('/auth/signup')
      .send({ ...credentials, email: 'scale-out-subscriber@example.com' })
      .expect(201);
    const login = await request(nth(0)).post('/auth/login').send(credentials).expect(200);
    const token = login.body.access_token as string;
    const userId = (
      await request(nth(0)).get('/probe/me').set('Authorization', `Bearer ${token}`).expect(200)
    ).body.sub as number;
    const createOn = async (url: string, text: string) => {
      const response = await request(url)
        .post('/graphql')
        .set('Authorization', `Bearer ${token}`)
        .send({
          query: 'mutation ($text: String!) { createProbeNote(input: { text: $text }) { id text } }',
          variables: { text },
        })
        .expect(200);
      return response.body.data.createProbeNote as { id: number; text: string };
    };

    const { client, connected } = connectWs(`${instances[0].url.replace(/^http/, 'ws')}/graphql`, {
      Authorization: `Bearer ${token}`,
    });
    try {
      await connected;
      const results = subscribeWs<{ probeNoteAdded: { id: number; text: string } }>(
        client,
        'subscription ($u: Int) { probeNoteAdded(userId: $u) { id text } }',
        { u: userId },
      );
      // The subscription starts asynchronously to its client: notes until one arrives, then it surely listens.
      let pending = nextWithin(results, 10_000);
      let arrived = false;
      pending.then(
        () => (arrived = true),
        () => undefined,
      );
      for (let attempt = 0; !arrived && attempt < 20; attempt += 1) {
        await createOn(instances[1].url, `Warm-up ${attempt}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await expect(pending).resolves.toMatchObject({
        value: { data: { probeNoteAdded: { text: /^Warm-up/ } } },
      });

      pending = nextWithin(results);
      const note = await createOn(instances[1].url, 'Across instances');
      // Warm-ups written after the first one that arrived come first; the one that matters follows them.
      let received = await pending;
      while (received.value?.data?.probeNoteAdded.text.startsWith('Warm-up'))
        received = await nextWithin(results);
      expect(received.value).toEqual({ data: { probeNoteAdded: note } });
    } finally {
      await client.dispose();
    }
  });
});
