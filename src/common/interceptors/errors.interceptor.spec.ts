import { BadGatewayException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { lastValueFrom, of, throwError } from 'rxjs';
import { FakeCallHandler, httpContext } from '../../../test/utils/execution-context';
import { ErrorsInterceptor } from './errors.interceptor';

describe(ErrorsInterceptor.name, () => {
  const sut = new ErrorsInterceptor();
  let logError: jest.SpyInstance;

  beforeEach(() => {
    logError = jest.spyOn(Logger.prototype, 'error').mockImplementation();
  });

  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['an Error', new Error('connection reset')],
    ['an HTTP exception', new NotFoundException()],
    ['a thrown string', 'boom'],
  ])('should replace %s with a 502 that keeps it as the cause', async (_kind, error) => {
    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(throwError(() => error))));

    await expect(result).rejects.toBeInstanceOf(BadGatewayException);
    const replacement = (await result.catch((caught: unknown) => caught)) as BadGatewayException;
    expect(replacement.getStatus()).toBe(HttpStatus.BAD_GATEWAY);
    expect(replacement.cause).toBe(error);
  });

  it('should keep the original error in the server log', async () => {
    const error = new Error('connection reset');

    await lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(throwError(() => error)))).catch(
      () => undefined,
    );

    expect(logError).toHaveBeenCalledWith('Replaced by a 502: Error: connection reset', error.stack);
  });

  it('should pass a result through unchanged', async () => {
    const value = { ok: true };

    await expect(lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of(value))))).resolves.toBe(
      value,
    );
    expect(logError).not.toHaveBeenCalled();
  });
});
