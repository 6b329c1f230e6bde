import express, { json, type Request } from 'express';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import request from 'supertest';
import { createHttpLogger, REQUEST_ID_HEADER, requestIdFor } from './http-logger';
import { loggerOptions } from './logger-options';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(requestIdFor.name, () => {
  it.each(['abc-123', '1-67891233-abcdef0123456789abcdef01', 'a.b_c:d', 'x'.repeat(128)])(
    'should keep the well-formed %j',
    (id) => {
      expect(requestIdFor(id)).toBe(id);
    },
  );

  it.each([
    ['too long', 'x'.repeat(129)],
    ['empty', ''],
    ['with a space', 'a b'],
    ['with a line break', 'a\n{"level":"fatal"}'],
    ['with a quote', 'a"b'],
    ['with an equals sign', 'Root=1-2'],
    ['missing', undefined],
    ['repeated', ['a', 'b']],
  ])('should replace one %s with a new UUID', (_case, id) => {
    expect(requestIdFor(id)).toMatch(UUID);
  });
});

describe(createHttpLogger.name, () => {
  let lines: Array<Record<string, unknown>>;

  // The request logger in front of routes the way Nest mounts them: a catch-all middleware route first
  // (nestjs-pino's), then the controllers' routes and a mounted handler (Apollo's).
  const app = express();
  const logger = pino(loggerOptions({ production: true, level: 'log' }), {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  app.use(createHttpLogger(new PinoLogger({ pinoHttp: { logger } })));
  app.use(json({ limit: '10b' }));
  app.all('{/*splat}', (_req, _res, next) => next());
  app.get('/cats/:id', (req: Request, res) => {
    req.log.info('in the handler');
    res.send('cat');
  });
  app.get('/broken', (_req, res) => {
    res.status(503).send('away');
  });
  app.use('/graphql', (_req, res) => {
    res.json({ data: null });
  });

  beforeEach(() => {
    lines = [];
  });

  const completion = () => {
    const line = lines.find((candidate) => 'status' in candidate || 'aborted' in candidate);
    expect(line).toBeDefined();
    return line!;
  };

  it('should log one completion line with the request id, method, route pattern, status and duration', async () => {
    const response = await request(app).get('/cats/tabby-7q?token=query-secret-value').expect(200);
    const requestId = response.headers[REQUEST_ID_HEADER.toLowerCase()];

    expect(requestId).toMatch(UUID);
    expect(completion()).toEqual({
      level: 'info',
      time: expect.any(String),
      pid: process.pid,
      requestId,
      method: 'GET',
      route: '/cats/:id',
      status: 200,
      durationMs: expect.any(Number),
      msg: expect.stringMatching(/^GET \/cats\/:id 200 \d+ms$/),
    });
    expect(JSON.stringify(lines)).not.toMatch(/tabby-7q|query-secret-value/);
  });

  it("should bind the request id to the request's own logger", async () => {
    await request(app).get('/cats/1').set(REQUEST_ID_HEADER, 'trace-7').expect(200);
    expect(lines.filter((line) => line.msg === 'in the handler')).toEqual([
      expect.objectContaining({ requestId: 'trace-7' }),
    ]);
    expect(completion().requestId).toBe('trace-7');
  });

  it('should keep a well-formed incoming X-Request-Id and replace a malformed one', async () => {
    const kept = await request(app).get('/cats/1').set(REQUEST_ID_HEADER, 'abc-123');
    const replaced = await request(app).get('/cats/1').set(REQUEST_ID_HEADER, 'no spaces allowed');

    expect(kept.headers['x-request-id']).toBe('abc-123');
    expect(replaced.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['an unknown path', () => request(app).get('/no/such/path'), 404, 'unmatched'],
    [
      'a body the parser refuses',
      () => request(app).post('/cats').send({ name: 'too long a body' }),
      413,
      'unmatched',
    ],
    ['a mounted handler', () => request(app).post('/graphql').send({}), 200, '/graphql'],
  ])('should label %s by its route, with an X-Request-Id', async (_case, send, status, route) => {
    const response = await send();

    expect(response.status).toBe(status);
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(completion()).toMatchObject({ route, status });
  });

  it('should log a 5xx at level error', async () => {
    await request(app).get('/broken').expect(503);

    expect(completion()).toMatchObject({ level: 'error', status: 503, route: '/broken' });
  });
});
