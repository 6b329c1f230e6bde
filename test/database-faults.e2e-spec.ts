import { Client } from 'pg';
import request from 'supertest';
import { driverClient } from './utils/driver-double';
import { createSuiteDatabase } from './utils/postgres';
import { TcpProxy } from './utils/tcp-proxy';
import { createTestApp, type TestApp } from './utils/test-app';
import { DATABASE_PROBE } from './fixtures/probe/database/database-probe.module';

// The probe's notes (test/fixtures/probe): a query through the request's loaders, one on the schema-first
// endpoint, and a page of notes whose users are a field resolved by a second, batched statement.
const NOTE_QUERY = '{ probeNote(id: 1) { id } }';
const SCHEMA_FIRST_NOTES_QUERY = '{ probeNotes { id } }';
const NOTES_WITH_USERS_QUERY = '{ probeNotes(limit: 2) { id user { id } } }';

/** Every request the app makes of its database in one check: health, REST, login, GraphQL query and field. */
function expectUnavailable(sut: TestApp) {
  return Promise.all([
    request(sut.http)
      .get('/health')
      .expect(503)
      .then(({ body }) =>
        expect(body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } }),
      ),
    request(sut.http)
      .get('/probe/notes')
      .expect(503)
      .expect('Retry-After', '5')
      .then(({ body }) =>
        expect(body).toEqual({
          statusCode: 503,
          message: 'Service unavailable, try again later',
          error: 'Service Unavailable',
        }),
      ),
    request(sut.http).post('/auth/login').send({ username: 'alice', password: 'alice-password' }).expect(503),
    request(sut.http)
      .post('/graphql')
      .send({ query: NOTE_QUERY })
      .then(({ body }) =>
        expect(body).toMatchObject({
          data: { probeNote: null },
          errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE' } }],
        }),
      ),
    request(sut.http)
      .post('/schema-first/graphql')
      .send({ query: SCHEMA_FIRST_NOTES_QUERY })
      .then(({ body }) => expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE')),
  ]);
}

async function expectAvailable(sut: TestApp) {
  await request(sut.http).get('/health').expect(200);
  await request(sut.http).get('/probe/notes?limit=1').expect(200);
  const { body } = await request(sut.http)
    .post('/graphql')
    .send({ query: NOTES_WITH_USERS_QUERY })
    .expect(200);
  expect(body.errors).toBeUndefined();
}

/** No answer may name hosts, ports, SQL or driver messages. */
async function expectNoInternals(sut: TestApp) {
  const answers = await Promise.all([
    request(sut.http).get('/health'),
    request(sut.http).get('/probe/notes'),
    request(sut.http).post('/graphql').send({ query: NOTES_WITH_USERS_QUERY }),
  ]);
  expect(JSON.stringify(answers.map((answer) => answer.body))).not.toMatch(
    /ECONN|127\.0\.0\.1|localhost|5432|select|Failed query|terminated|timeout exceeded|stack/i,
  );
}

/** A note of the token's user, through the probe's REST route. */
function createNote(token: string, text: string) {
  return request(sut.http)
    .post('/probe/notes')
    .set('Authorization', `Bearer ${token}`)
    .send({ text })
    .expect(201);
}

// One app per file (the configuration is read once). On CI's PostgreSQL run it reaches its database through a
// proxy that the last tests take down, hang and bring back; otherwise it runs on PGlite.
let sut: TestApp;
let proxy: TcpProxy | undefined;
let database: Awaited<ReturnType<typeof createSuiteDatabase>> | undefined;

beforeAll(async () => {
  sut = await startApp();
  // Two notes of two users: the page that NOTES_WITH_USERS_QUERY reads.
  await createNote(sut.aliceToken(), "Alice's note");
  await createNote(sut.bobToken(), "Bob's note");
}, 30_000);

async function startApp(): Promise<TestApp> {
  if (!process.env.TEST_DATABASE_URL) return createTestApp({}, DATABASE_PROBE);
  database = await createSuiteDatabase(process.env.TEST_DATABASE_URL);
  const url = new URL(database.url);
  proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return createTestApp({ DATABASE_URL: url.toString() }, DATABASE_PROBE);
}

afterAll(async () => {
  await proxy?.up();
  await sut?.close();
  await proxy?.close();
  await database?.drop();
});

describe('the database away (driver double: every query fails as if the server refused the connection)', () => {
  it('should answer 503 / SERVICE_UNAVAILABLE at once, leak nothing, and recover when it answers again', async () => {
    // Drizzle and the health ping both query through the driver's client.
    const client = driverClient(sut);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const query = jest.spyOn(client, 'query').mockRejectedValue(refused);

    const started = Date.now();
    await expectUnavailable(sut);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expectNoInternals(sut);

    query.mockRestore();
    await expectAvailable(sut);
  });

  it('should answer SERVICE_UNAVAILABLE for a field resolver whose batch fails (ProbeNote.user)', async () => {
    const client = driverClient(sut);
    const real = client.query.bind(client);
    let calls = 0;
    // The page of notes is read; the batch of their users, the next query, finds the server gone.
    const query = jest
      .spyOn(client, 'query')
      .mockImplementation((...args) =>
        ++calls === 1 ? real(...args) : Promise.reject(new Error('Query read timeout')),
      );

    const { body } = await request(sut.http)
      .post('/graphql')
      .send({ query: NOTES_WITH_USERS_QUERY })
      .expect(200);
    query.mockRestore();

    // One failed batch, one error per note that waited on it; the notes themselves are answered.
    const unavailableAt = (index: number) =>
      expect.objectContaining({
        message: 'Service unavailable, try again later',
        path: ['probeNotes', index, 'user'],
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
    expect(body.errors).toEqual([unavailableAt(0), unavailableAt(1)]);
    expect(body.data.probeNotes).toEqual([
      { id: expect.any(Number), user: null },
      { id: expect.any(Number), user: null },
    ]);
  });
});

// CI's PostgreSQL run only: the real driver, the real pool, a server that goes away for real.
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('PostgreSQL unreachable (a TCP proxy between the app and the server)', () => {
  /** Health turns 200 again by itself: no restart, the pool reconnects on demand. */
  async function waitUntilHealthy() {
    const deadline = Date.now() + 10_000;
    while ((await request(sut.http).get('/health')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the app did not recover within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('should answer normally through the proxy', async () => {
    await expectAvailable(sut);
  });

  it('should answer 503 at once while the server refuses connections, then recover without a restart', async () => {
    await proxy!.down();

    const started = Date.now();
    await expectUnavailable(sut);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expectNoInternals(sut);

    await proxy!.up();
    await waitUntilHealthy();
    await expectAvailable(sut);
  }, 30_000);

  it('should answer 503 within the connection timeout (2 s) while the server hangs, then recover', async () => {
    proxy!.hang();

    const started = Date.now();
    await expectUnavailable(sut);
    // Not a hang: bounded by connectionTimeoutMillis (2 s) plus some slack for a busy machine.
    expect(Date.now() - started).toBeLessThan(4_500);

    await proxy!.up();
    await waitUntilHealthy();
    await expectAvailable(sut);
  }, 30_000);

  describe('a transaction whose connection goes (createProbeNote stores the note and its NOTIFY in one)', () => {
    let attempts = 0;
    // A text of its own each time: texts are unique, and a write the test broke may or may not have been stored.
    const createProbeNote = () =>
      request(sut.http)
        .post('/graphql')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .send({ query: `mutation { createProbeNote(input: { text: "Locked out ${++attempts}" }) { id } }` })
        .then((response) => response);
    const WAITING_FOR_LOCK = "wait_event_type = 'Lock' and datname = current_database()";

    /** Starts createProbeNote while a connection of the test's own holds the notes table: it waits in its INSERT. */
    async function createProbeNoteInTransaction() {
      const locker = new Client({ connectionString: database!.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table probe.notes in access exclusive mode');
      const pending = createProbeNote();
      const deadline = Date.now() + 5_000;
      // In a transaction, pg_stat_activity is read once and kept: cleared, each poll sees the server as it is.
      const waiting = async () => {
        await locker.query('select pg_stat_clear_snapshot()');
        return locker.query(`select count(*)::int as n from pg_stat_activity where ${WAITING_FOR_LOCK}`);
      };
      while ((await waiting()).rows[0].n === 0) {
        if (Date.now() > deadline) throw new Error('createProbeNote never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const release = async () => {
        await locker.query('rollback');
        await locker.end();
      };
      return { locker, pending, release };
    }

    it('should answer SERVICE_UNAVAILABLE and serve on when the server ends the connection mid-transaction', async () => {
      const { locker, pending, release } = await createProbeNoteInTransaction();
      try {
        await locker.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where ${WAITING_FOR_LOCK}`,
        );

        expect((await pending).body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      } finally {
        await release();
      }
      // The process lived on (pg's 'error' event on the transaction's client had no listener: it ended it).
      expect((await createProbeNote()).body).toEqual({
        data: { createProbeNote: { id: expect.any(Number) } },
      });
    });

    it('should give up within the query time-out once when the network goes silent mid-transaction', async () => {
      const { pending, release } = await createProbeNoteInTransaction();
      let answered: Awaited<typeof pending> | undefined;
      const frozen = Date.now();
      try {
        proxy!.freeze();
        answered = await pending;
      } finally {
        await release();
        await proxy!.down(); // the frozen connections go with it; the pool reconnects
        await proxy!.up();
      }

      expect(answered.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      // DATABASE_STATEMENT_TIMEOUT_MS (5 s) and the client's 1 s, once: the ROLLBACK after it did not wait again.
      expect(Date.now() - frozen).toBeLessThan(9_000);
      await waitUntilHealthy();
    }, 30_000);
  });
});
