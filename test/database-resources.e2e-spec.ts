import { Logger } from '@nestjs/common';
import request from 'supertest';
import { RESOURCE_SHORTAGE_WINDOW_MS } from '../src/common/errors/resource-shortage-log';
import { UNAVAILABLE_MESSAGE } from '../src/common/errors/to-http-exception';
import { Clock } from '../src/common/clock';
import { DATABASE_PROBE } from './fixtures/probe/database/database-probe.module';
import { failStatements } from './utils/driver-double';
import { useTestApp } from './utils/test-app';

// A value only the request carries: Drizzle's error message lists it among the query's parameters.
const CANARY = 'Canary-text-7f3a';
// The probe's write (test/fixtures/probe), on both endpoints: a note and its NOTIFY in one transaction.
const CREATE_NOTE = `mutation { createProbeNote(input: { text: "${CANARY}" }) { id } }`;
const WRITES = (sql: string) => /^\s*(insert|update|delete)\b/i.test(sql);
const READS = (sql: string) => /^\s*select\b/i.test(sql) && sql !== 'select 1';
const sqlError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the database short of resources (driver double: statements fail as the server refuses them)', () => {
  const sut = useTestApp({}, DATABASE_PROBE);
  /** Every warning and error logged, as one string per call. */
  let logged: string[];

  beforeEach(() => {
    logged = [];
    for (const level of ['warn', 'error'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join('\n'));
      });
    }
  });

  afterEach(() => jest.restoreAllMocks());

  const createNote = (path: string) =>
    request(sut.http)
      .post(path)
      .set('Authorization', `Bearer ${sut.aliceToken()}`)
      .send({ query: CREATE_NOTE })
      .expect(200);

  it('should answer a write on a full disk with SERVICE_UNAVAILABLE on both endpoints, keep reads, report /health down', async () => {
    const diskFull = sqlError('could not extend file "base/5/16402": No space left on device', '53100');
    const driver = failStatements(sut, WRITES, diskFull);

    for (const path of ['/graphql', '/schema-first/graphql']) {
      const { body } = await createNote(path);

      expect(body.errors).toEqual([
        expect.objectContaining({
          message: UNAVAILABLE_MESSAGE,
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        }),
      ]);
    }
    // One line per failure: the driver's message and code, no SQL parameters, no stack.
    expect(logged).toEqual([
      'Database short of resources: could not extend file "base/5/16402": No space left on device (53100)',
      'Database short of resources: could not extend file "base/5/16402": No space left on device (53100)',
    ]);
    await request(sut.http).get('/probe/notes?limit=1').expect(200); // reads still work, and so does `select 1`
    const health = await request(sut.http).get('/health').expect(503);
    driver.mockRestore();

    expect(health.body).toMatchObject({
      status: 'error',
      error: { database: { status: 'down', message: 'the database refused work for lack of resources' } },
    });
  });

  it('should answer REST 503 with Retry-After when a read runs out of memory', async () => {
    const driver = failStatements(sut, READS, sqlError('out of memory', '53200'));

    const response = await request(sut.http).get('/probe/notes').expect(503).expect('Retry-After', '5');
    driver.mockRestore();

    expect(response.body).toEqual({
      statusCode: 503,
      message: UNAVAILABLE_MESSAGE,
      error: 'Service Unavailable',
    });
    expect(logged).toEqual(['Database short of resources: out of memory (53200)']);
  });

  it('should report /health down while the last shortage is recent, and up once the window has passed', async () => {
    const driver = failStatements(sut, WRITES, sqlError('No space left on device', '53100'));
    await createNote('/graphql');
    driver.mockRestore();

    await request(sut.http).get('/health').expect(503);

    const clock = sut.app.get(Clock);
    const now = clock.now();
    jest.spyOn(clock, 'now').mockReturnValue(now + RESOURCE_SHORTAGE_WINDOW_MS + 1);
    await request(sut.http).get('/health').expect(200);
  });

  it('should log an unexpected database error once, without the parameters, REST and GraphQL alike', async () => {
    const driver = failStatements(sut, (sql) => sql !== 'select 1', sqlError('internal error', 'XX000'));

    const rest = await request(sut.http)
      .post('/auth/login')
      .send({ username: CANARY, password: `${CANARY}-password` })
      .expect(500);
    const graphql = await createNote('/graphql');
    driver.mockRestore();

    expect(rest.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(graphql.body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    ]);
    expect(logged).toEqual([
      expect.stringMatching(/^POST \/auth\/login: internal error \(XX000\)\n\s+at /),
      expect.stringMatching(/^GraphQL createProbeNote: internal error \(XX000\)\n\s+at /),
    ]);
    expect(logged.join('\n')).not.toMatch(new RegExp(`${CANARY}|Failed query|params:`));
  });
});
