import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { REFUSED_VALUE_MESSAGE, UNAVAILABLE_MESSAGE } from './to-http-exception';
import { HttpExceptionFilter, RETRY_AFTER_SECONDS } from './http-exception.filter';

function httpHost(type = 'http') {
  const response = { setHeader: jest.fn() };
  const host = {
    getType: () => type,
    getArgByIndex: (index: number) => [{}, response][index],
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => ({}) }),
  } as unknown as ArgumentsHost;
  return { host, response };
}

describe(HttpExceptionFilter.name, () => {
  const reply = jest.fn();
  let sut: HttpExceptionFilter;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation();
    jest.spyOn(Logger.prototype, 'error').mockImplementation();
    reply.mockReset();
    sut = new HttpExceptionFilter();
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

  it('should not handle GraphQL errors (formatGraphqlError does)', () => {
    const { host } = httpHost('graphql');

    expect(sut.catch(new Error('connect ECONNREFUSED'), host)).toBeUndefined();
    expect(reply).not.toHaveBeenCalled();
  });
});
