import { Logger } from '@nestjs/common';
import { finalize, tap } from 'rxjs';
import request from 'supertest';
import { InterceptorsShowcaseService } from '../../src/interceptors-showcase/interceptors-showcase.service';
import { createTestApp, TestApp } from '../utils/test-app';

describe('Interceptors showcase', () => {
  let sut: TestApp;
  let showcase: InterceptorsShowcaseService;

  beforeAll(async () => {
    sut = await createTestApp();
    showcase = sut.app.get(InterceptorsShowcaseService);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(() => sut.close());

  describe('bound per method', () => {
    it('should wrap the result as { data } (transform)', async () => {
      const response = await request(sut.http).get('/interceptors/transform').expect(200);

      expect(response.body).toEqual({ data: { hello: 'world' } });
    });

    it('should wrap an empty array as { data: [] } (transform)', async () => {
      const response = await request(sut.http).get('/interceptors/transform-empty').expect(200);

      expect(response.body).toEqual({ data: [] });
    });

    it('should send an empty body for a null result (exclude-null)', async () => {
      const response = await request(sut.http).get('/interceptors/exclude-null').expect(200);

      expect(response.text).toBe('');
    });

    it("should replace the handler's error with a 502 (errors)", async () => {
      jest.spyOn(Logger.prototype, 'error').mockImplementation();

      const response = await request(sut.http).get('/interceptors/errors').expect(502);

      expect(response.body).toEqual({ statusCode: 502, message: 'Bad Gateway' });
    });

    it('should answer [] without running the handler (cache)', async () => {
      const expensiveList = jest.spyOn(showcase, 'expensiveList');

      const response = await request(sut.http).get('/interceptors/cached').expect(200);

      expect(response.body).toEqual([]);
      expect(expensiveList).not.toHaveBeenCalled();
    });

    it('should answer a handler that finishes within 5000 ms (time-out)', async () => {
      const response = await request(sut.http).get('/interceptors/slow?ms=20').expect(200);

      expect(response.body).toEqual({ waited: 20 });
    });

    // The one test in the suite that waits for the real 5000 ms.
    it('should answer 408 after ~5 s and stop the handler (time-out)', async () => {
      const wait = showcase.wait.bind(showcase);
      const handler = { emitted: false, stopped: false };
      jest.spyOn(showcase, 'wait').mockImplementation((ms) =>
        wait(ms).pipe(
          tap(() => (handler.emitted = true)),
          finalize(() => (handler.stopped = true)),
        ),
      );
      const startedAt = Date.now();

      const response = await request(sut.http).get('/interceptors/slow?ms=60000').expect(408);

      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4900);
      expect(response.body).toEqual({ statusCode: 408, message: 'Request Timeout' });
      // Stopped 55 s before its timer was due: the time-out unsubscribed from the handler's stream.
      expect(handler).toEqual({ emitted: false, stopped: true });
    }, 15_000);

    it.each(['', 'abc', '-1', '1.5', '1e3', '60001'])('should refuse ms=%j with 400', async (ms) => {
      await request(sut.http).get('/interceptors/slow').query({ ms }).expect(400);
    });

    it('should refuse a missing ms with 400 and say why', async () => {
      const response = await request(sut.http).get('/interceptors/slow').expect(400);

      expect(response.body).toMatchObject({
        statusCode: 400,
        message: expect.arrayContaining(['ms must be an integer between 0 and 60000']),
      });
    });

    it('should pass other errors through the time-out unchanged', async () => {
      const response = await request(sut.http).get('/interceptors/not-found').expect(404);

      expect(response.body).toEqual({
        statusCode: 404,
        message: 'There is nothing here',
        error: 'Not Found',
      });
    });

    it('should not wrap what a library-specific (@Res) handler sends itself', async () => {
      const response = await request(sut.http).get('/interceptors/library').expect(200);

      expect(response.body).toEqual({ raw: true });
    });
  });

  describe('bound per controller', () => {
    it('should wrap the result as { data }', async () => {
      const response = await request(sut.http).get('/interceptors/controller-bound').expect(200);

      expect(response.body).toEqual({ data: { bound: 'controller' } });
    });

    it('should wrap every handler of the controller', async () => {
      const response = await request(sut.http).get('/interceptors/controller-bound/list').expect(200);

      expect(response.body).toEqual({ data: [1, 2, 3] });
    });
  });

  // With the showcase's own interceptors; test/interceptors.e2e-spec.ts checks it on routes of no feature.
  describe('bound globally (logging)', () => {
    const linesAbout = (log: jest.SpyInstance, call: string) =>
      log.mock.calls.map(([message]) => String(message)).filter((line) => line.startsWith(`${call} `));

    it('should log a line before and one with the elapsed ms after, leaving the response unchanged', async () => {
      const log = jest.spyOn(Logger.prototype, 'log');

      const response = await request(sut.http).get('/interceptors/transform?from=logging').expect(200);

      expect(response.body).toEqual({ data: { hello: 'world' } });
      expect(linesAbout(log, 'GET /interceptors/transform?from=logging')).toEqual([
        'GET /interceptors/transform?from=logging started',
        expect.stringMatching(/^GET \/interceptors\/transform\?from=logging completed in \d+ms$/),
      ]);
    });

    it('should log the failure with the elapsed ms', async () => {
      jest.spyOn(Logger.prototype, 'error').mockImplementation();
      const log = jest.spyOn(Logger.prototype, 'log');

      await request(sut.http).get('/interceptors/errors').expect(502);

      expect(linesAbout(log, 'GET /interceptors/errors')).toEqual([
        'GET /interceptors/errors started',
        expect.stringMatching(/^GET \/interceptors\/errors failed in \d+ms \(BadGatewayException\)$/),
      ]);
    });
  });
});
