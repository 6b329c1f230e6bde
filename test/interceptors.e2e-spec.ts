import { Logger } from '@nestjs/common';
import request from 'supertest';
import { PROBE } from './fixtures/probe/probe.module';
import { useTestApp } from './utils/test-app';

// The logging interceptor, bound globally through the app module's providers: it logs every route, whatever
// feature it belongs to. Tried on the test-only probe (test/fixtures/probe) and on /health; the showcase's own
// interceptors are tested in test/demo/interceptors.e2e-spec.ts.
describe('the logging interceptor, bound globally', () => {
  const sut = useTestApp({}, PROBE);

  afterEach(() => jest.restoreAllMocks());

  const linesAbout = (log: jest.SpyInstance, call: string) =>
    log.mock.calls.map(([message]) => String(message)).filter((line) => line.startsWith(`${call} `));

  it('should log a line before and one with the elapsed ms after, leaving the response unchanged', async () => {
    const log = jest.spyOn(Logger.prototype, 'log');

    const response = await request(sut.http).get('/probe?from=logging').expect(200);

    expect(response.body).toEqual({ ok: true });
    expect(linesAbout(log, 'GET /probe?from=logging')).toEqual([
      'GET /probe?from=logging started',
      expect.stringMatching(/^GET \/probe\?from=logging completed in \d+ms$/),
    ]);
  });

  it('should log the failure with the elapsed ms and the kind of error', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation();
    const log = jest.spyOn(Logger.prototype, 'log');

    await request(sut.http).get('/probe/fail').expect(500);

    expect(linesAbout(log, 'GET /probe/fail')).toEqual([
      'GET /probe/fail started',
      expect.stringMatching(/^GET \/probe\/fail failed in \d+ms \(Error\)$/),
    ]);
  });

  it('should cover routes of the app outside any feature too', async () => {
    const log = jest.spyOn(Logger.prototype, 'log');

    await request(sut.http).get('/health').expect(200);

    expect(linesAbout(log, 'GET /health')).toHaveLength(2);
  });
});
