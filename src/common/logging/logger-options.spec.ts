import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import {
  batchedStdout,
  censorSecrets,
  loggerOptions,
  pinoLevel,
  prettyOptions,
  REDACTED,
  scrubSecrets,
} from './logger-options';

/** A pino logger with the app's options whose lines land in `lines`, parsed. */
function capture(options: Parameters<typeof loggerOptions>[0]) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(loggerOptions(options), {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe('loggerOptions', () => {
  it('should write one JSON object per line with an ISO time, the level label, the pid and the message', () => {
    const { logger, lines } = capture({ production: true, level: 'log' });

    logger.info({ context: 'Test' }, 'hello');

    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        pid: process.pid,
        context: 'Test',
        msg: 'hello',
      },
    ]);
  });

  it("should keep pino's level numbers outside production, for the development printer", () => {
    const { logger, lines } = capture({ production: false, level: 'log' });

    logger.warn('careful');

    expect(lines[0].level).toBe(40);
  });

  it('should apply LOG_LEVEL: at warn, no info line', () => {
    const { logger, lines } = capture({ production: true, level: 'warn' });

    logger.info('hidden');
    logger.warn('shown');

    expect(lines.map((line) => line.msg)).toEqual(['shown']);
  });

  it('should censor credentials in logged objects, in child loggers too', () => {
    const { logger, lines } = capture({ production: true, level: 'log' });

    logger.child({ requestId: 'r1' }).info({ token: 't0k3n', body: { password: 'hunter2' } }, 'login');

    expect(lines[0]).toMatchObject({ requestId: 'r1', token: REDACTED, body: { password: REDACTED } });
    expect(JSON.stringify(lines)).not.toMatch(/t0k3n|hunter2/);
  });

  it('should scrub credentials from messages', () => {
    const { logger, lines } = capture({ production: true, level: 'log' });

    logger.info('GET /callback?code=abc123&state=ok with Bearer eyJhbGciOi.x.y');

    expect(lines[0].msg).toBe(`GET /callback?code=${REDACTED}&state=ok with Bearer ${REDACTED}`);
  });

  it('should print an error with its type, message and stack', () => {
    const { logger, lines } = capture({ production: true, level: 'log' });

    logger.error({ err: new TypeError('broken') }, 'failed');

    expect(lines[0].err).toMatchObject({
      type: 'TypeError',
      message: 'broken',
      stack: expect.stringMatching(/\n\s+at /),
    });
  });
});

describe(pinoLevel.name, () => {
  it("should map Nest's levels to pino's", () => {
    expect(
      ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'].map((level) => pinoLevel(level as never)),
    ).toEqual(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
  });
});

describe(censorSecrets.name, () => {
  it('should censor credential keys at any case, down to three levels, in a copy', () => {
    const object = {
      Authorization: 'Bearer x',
      request: { headers: { cookie: 'sid=1', 'set-cookie': ['sid=2'], accept: '*/*' } },
      body: { refresh_token: 'r', refreshToken: 'r', access_token: 'a', name: 'Tom' },
    };

    expect(censorSecrets(object)).toEqual({
      Authorization: REDACTED,
      request: { headers: { cookie: REDACTED, 'set-cookie': REDACTED, accept: '*/*' } },
      body: { refresh_token: REDACTED, refreshToken: REDACTED, access_token: REDACTED, name: 'Tom' },
    });
    expect(object.Authorization).toBe('Bearer x');
  });

  it('should answer the same object when there is nothing to censor', () => {
    const object = { context: 'Test', nested: { status: 200 } };

    expect(censorSecrets(object)).toBe(object);
  });

  it('should leave what is not a plain object alone (an error is serialised by its own serializer)', () => {
    const error = Object.assign(new Error('x'), { password: 'kept for the serializer' });

    expect(censorSecrets({ err: error }).err).toBe(error);
  });
});

describe(scrubSecrets.name, () => {
  it.each([
    ['GET /cats?limit=2', 'GET /cats?limit=2'],
    ['GET /posts?authorId=1', 'GET /posts?authorId=1'],
    ['GET /x?access_token=abc', `GET /x?access_token=${REDACTED}`],
    ['GET /x?a=1&password=p&b=2', `GET /x?a=1&password=${REDACTED}&b=2`],
    ['GET /x?api_key=k#top', `GET /x?api_key=${REDACTED}#top`],
    ['Authorization: Bearer abc.def', `Authorization: Bearer ${REDACTED}`],
    ['GET /x?authorization=abc', `GET /x?authorization=${REDACTED}`],
    ['GET /x?Authorisation=abc&author=Ann', `GET /x?Authorisation=${REDACTED}&author=Ann`],
    ['GET /x?credentials=c&pwd=p', `GET /x?credentials=${REDACTED}&pwd=${REDACTED}`],
    ['GET /x?pass%77ord=p', `GET /x?pass%77ord=${REDACTED}`],
    ['GET /x?password[]=p&password%5B%5D=q', `GET /x?password[]=${REDACTED}&password%5B%5D=${REDACTED}`],
    ['GET /x?bad%E0name=v&token=t', `GET /x?bad%E0name=v&token=${REDACTED}`],
    ['GET /x;jsessionid=abc', `GET /x;jsessionid=${REDACTED}`],
    ['GET /x?q=Bearer+abc.def&page=2', `GET /x?q=Bearer+${REDACTED}&page=2`],
    ['GET /x?q=bearer%20abc.def', `GET /x?q=bearer%20${REDACTED}`],
    ['GET /cats/eyJhbGciOi.eyJzdWIi.c2ln', `GET /cats/${REDACTED}`],
    ['GET /x?state=eyJhbGciOi.eyJzdWIi.c2ln&page=2', `GET /x?state=${REDACTED}&page=2`],
    [
      'GET /x?bearer=abc&otp=123456&pin=1234&sid=s',
      `GET /x?bearer=${REDACTED}&otp=${REDACTED}&pin=${REDACTED}&sid=${REDACTED}`,
    ],
    ['GET /x?shipping=1&side=left', 'GET /x?shipping=1&side=left'],
  ])('should turn %j into %j', (text, scrubbed) => {
    expect(scrubSecrets(text)).toBe(scrubbed);
  });
});

describe(prettyOptions.name, () => {
  const pretty = (line: object) => prettyFactory(prettyOptions())(JSON.stringify(line));
  const base = { level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5, 6), pid: 1, hostname: 'h' };

  it("should print Nest's context after the level, on one line", () => {
    const line = pretty({ ...base, level: 60, context: 'Bootstrap', msg: 'DATA_DIR /x is in use' });

    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] FATAL \[Bootstrap\]: DATA_DIR \/x is in use\n$/);
  });

  it("should print a request's completion line as its message alone", () => {
    const line = pretty({
      ...base,
      requestId: 'r1',
      method: 'GET',
      route: '/cats/:id',
      status: 200,
      durationMs: 2,
      msg: 'GET /cats/:id 200 2ms',
    });

    expect(line).toMatch(/^\S+ INFO: GET \/cats\/:id 200 2ms\n$/);
  });

  it('should print the other fields and an error stack below the line', () => {
    const line = pretty({
      ...base,
      context: 'X',
      detail: 'kept',
      err: { type: 'Error', message: 'e', stack: 'Error: e\n    at f' },
    });

    expect(line).toMatch(/detail: "kept"/);
    expect(line).toMatch(/Error: e\n\s+at f/);
  });
});

describe(batchedStdout.name, () => {
  let writes: string[];
  let destination: ReturnType<typeof batchedStdout>;
  const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));
  const line = (level: string, msg: string) => `{"level":"${level}","msg":"${msg}"}\n`;

  beforeEach(() => {
    writes = [];
    destination = batchedStdout({ write: (text: string) => writes.push(text) });
  });

  it('should write the lines of one turn of the event loop in one write, at its end', async () => {
    destination.write(line('info', 'one'));
    destination.write(line('info', 'two'));
    expect(writes).toEqual([]);

    await endOfTurn();

    expect(writes).toEqual([line('info', 'one') + line('info', 'two')]);
  });

  it('should write an error or a fatal line at once, after the lines before it', () => {
    destination.write(line('info', 'before'));
    destination.write(line('error', 'broken'));
    destination.write(line('fatal', 'stopping'));

    expect(writes).toEqual([line('info', 'before') + line('error', 'broken'), line('fatal', 'stopping')]);
  });

  it('should write what is pending when the process exits', () => {
    const listeners = process.listeners('exit');
    destination.write(line('info', 'last words'));

    listeners.at(-1)!.call(process, 0);

    expect(writes).toEqual([line('info', 'last words')]);
  });
});
