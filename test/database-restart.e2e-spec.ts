import { execFileSync } from 'node:child_process';
import request from 'supertest';
import { PROBE } from './fixtures/probe/probe.module';
import { createTestApp, type TestApp } from './utils/test-app';

/**
 * Stops and starts the PostgreSQL server itself while the app runs. It takes the server away from every suite,
 * so it runs only where CI says which server it may stop and how (`.ci/run` runs it on its own, after the e2e
 * suite): TEST_PG_CTL (pg_ctl), TEST_PG_DATA (the data folder), TEST_PG_OPTIONS (the server's options),
 * TEST_PG_LOG (its log file) and, when the tests run as root, TEST_PG_USER (who runs pg_ctl).
 */
const {
  TEST_DATABASE_URL,
  TEST_PG_CTL,
  TEST_PG_DATA,
  TEST_PG_OPTIONS = '',
  TEST_PG_LOG,
  TEST_PG_USER,
} = process.env;
const describeWithServerControl = TEST_DATABASE_URL && TEST_PG_CTL && TEST_PG_DATA ? describe : describe.skip;

function pgCtl(...args: string[]): void {
  const command = [TEST_PG_CTL!, '-D', TEST_PG_DATA!, ...args];
  const [file, ...rest] = TEST_PG_USER ? ['runuser', '-u', TEST_PG_USER, '--', ...command] : command;
  execFileSync(file, rest, { stdio: 'ignore' });
}

const stopServer = () => pgCtl('-m', 'fast', '-w', 'stop');
const startServer = () =>
  pgCtl(
    '-w',
    ...(TEST_PG_LOG ? ['-l', TEST_PG_LOG] : []),
    ...(TEST_PG_OPTIONS ? ['-o', TEST_PG_OPTIONS] : []),
    'start',
  );

describeWithServerControl('a PostgreSQL restart while the app runs', () => {
  let sut: TestApp;
  let serverDown = false;

  beforeAll(async () => {
    sut = await createTestApp({}, PROBE);
  });

  afterAll(async () => {
    if (serverDown) startServer();
    await sut?.close();
  });

  const login = () =>
    request(sut.http).post('/auth/login').send({ username: 'alice', password: 'alice-password' });

  it('should answer 503 during the outage, report it on /health/ready, and recover by itself', async () => {
    const agent = request.agent(sut.http);
    await agent.get('/probe/session').expect(200, { visits: 1 });
    await request(sut.http).get('/health/ready').expect(200);

    stopServer();
    serverDown = true;

    await request(sut.http).get('/health/ready').expect(503);
    await request(sut.http).get('/health').expect(503);
    const rest = await request(sut.http).get('/probe/notes').expect(503);
    expect(rest.headers['retry-after']).toBe('5');
    await login().expect(503);
    await agent.get('/probe/session').expect(503);
    const graphql = await request(sut.http).post('/graphql').send({ query: '{ probeNote(id: 1) { id } }' });
    expect(graphql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');

    startServer();
    serverDown = false;

    // No restart of the app: the pool reconnects on the next query. Polled, since the server's first
    // connections may still be refused while it finishes starting.
    const deadline = Date.now() + 20_000;
    while ((await request(sut.http).get('/health/ready')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the app did not become ready within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await request(sut.http).get('/probe/notes?limit=1').expect(200);
    await login().expect(200);
    // The session outlived the outage: it is in the database, not in the process.
    await agent.get('/probe/session').expect(200, { visits: 2 });
  }, 60_000);
});
