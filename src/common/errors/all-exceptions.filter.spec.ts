import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Clock } from '../clock';
import { REFUSED_VALUE_MESSAGE, UNAVAILABLE_MESSAGE } from './to-http-exception';
import { AllExceptionsFilter, RETRY_AFTER_SECONDS } from './all-exceptions.filter';
import { ResourceShortageLog } from './resource-shortage-log';

function httpHost(type = 'http', headersSent = false) {
  const response = { setHeader: jest.fn(), headersSent };
  const host = {
    getType: () => type,
    getArgByIndex: (index: number) => [{}, response][index],
    switchToHttp: () => ({
      getResponse: () => response,
      getRequest: () => ({ method: 'POST', originalUrl: '/auth/login' }),
    }),
  } as unknown as ArgumentsHost;
  return { host, response };
}

describe(AllExceptionsFilter.name, () => {
  const reply = jest.fn();
  let sut: AllExceptionsFilter;
  let shortages: ResourceShortageLog;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation();
    jest.spyOn(Logger.prototype, 'error').mockImplementation();
    reply.mockReset();
    shortages = new ResourceShortageLog(new Clock());
    sut = new AllExceptionsFilter(shortages);
    // What Nest injects into a global BaseExceptionFilter.
    Object.assign(sut, {
      httpAdapterHost: {
        httpAdapter: { reply, isHeadersSent: () => false, end: jest.fn() },
      } as unknown as HttpAdapterHost,
    });
  });

  afterEach(() => jest.restoreAllMocks());

  it('should answer 503 with Retry-After when the database cannot be reached, without its details', () => {
    const { host, response } = httpHost();
    const error = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

    sut.catch(error, host);

    expect(response.setHeader).toHaveBeenCalledWith('Retry-After', String(RETRY_AFTER_SECONDS));
    expect(reply).toHaveBeenCalledWith(
      response,
      { statusCode: 503, message: UNAVAILABLE_MESSAGE, error: 'Service Unavailable' },
      503,
    );
  });

  it('should set no header once the answer has gone out (a session saved as the response ends), only end it', () => {
    const { host, response } = httpHost('http', true);
    const end = jest.fn();
    Object.assign(sut, {
      httpAdapterHost: {
        httpAdapter: { reply, isHeadersSent: () => true, end },
      } as unknown as HttpAdapterHost,
    });
    const error = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

    sut.catch(error, host);

    expect(response.setHeader).not.toHaveBeenCalled();
    expect(reply).not.toHaveBeenCalled();
    expect(end).toHaveBeenCalledWith(response);
  });

  it('should answer 503 with Retry-After when the database is short of resources, and record it for /health', () => {
    const { host, response } = httpHost();
    const diskFull = Object.assign(
      new Error('could not extend file "base/5/16384": No space left on device'),
      {
        code: '53100',
      },
    );

    sut.catch(new Error('Failed query: insert …\nparams: secret', { cause: diskFull }), host);

    expect(response.setHeader).toHaveBeenCalledWith('Retry-After', String(RETRY_AFTER_SECONDS));
    expect(reply).toHaveBeenCalledWith(
      response,
      { statusCode: 503, message: UNAVAILABLE_MESSAGE, error: 'Service Unavailable' },
      503,
    );
    expect(shortages.recent()).toEqual({ code: '53100', ageMs: expect.any(Number) });
  });

  it('should log an unexpected error once, without the query parameters Drizzle puts in its message', () => {
    const { host, response } = httpHost();
    const cause = Object.assign(new Error('internal error'), { code: 'XX000' });

    sut.catch(new Error('Failed query: select …\nparams: hunter2', { cause }), host);

    expect(reply).toHaveBeenCalledWith(response, { statusCode: 500, message: 'Internal server error' }, 500);
    expect(jest.mocked(Logger.prototype.error).mock.calls).toEqual([
      ['POST /auth/login: internal error (XX000)', expect.stringMatching(/^\s+at /)],
    ]);
    expect(JSON.stringify(jest.mocked(Logger.prototype.error).mock.calls)).not.toMatch(
      /hunter2|Failed query/,
    );
  });

  it('should answer 400 when the database refused a value of the request, without its details', () => {
    const { host, response } = httpHost();
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });

    sut.catch(new Error('Failed query: select …', { cause: error }), host);

    expect(reply).toHaveBeenCalledWith(
      response,
      { statusCode: 400, message: REFUSED_VALUE_MESSAGE, error: 'Bad Request' },
      400,
    );
  });

  it('should leave other errors to Nest’s default answer', () => {
    const { host, response } = httpHost();

    sut.catch(new BadRequestException('Bad cursor'), host);
    sut.catch(new Error('column "votes" does not exist'), host);

    expect(reply.mock.calls).toEqual([
      [response, { statusCode: 400, message: 'Bad cursor', error: 'Bad Request' }, 400],
      [response, { statusCode: 500, message: 'Internal server error' }, 500],
    ]);
    expect(response.setHeader).not.toHaveBeenCalled();
  });

  it('should leave GraphQL errors to formatGraphqlError, unlogged', () => {
    const { host } = httpHost('graphql');

    const error = new Error('Failed query: select …\nparams: hunter2');

    // Rethrown as it is, for Apollo's formatError; Nest's fallback, which would log it whole, never sees it.
    expect(() => sut.catch(error, host)).toThrow(error);
    expect(Logger.prototype.error).not.toHaveBeenCalled();
    expect(reply).not.toHaveBeenCalled();
  });
});
