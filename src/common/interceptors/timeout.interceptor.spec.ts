import { HttpStatus, NotFoundException, RequestTimeoutException } from '@nestjs/common';
import { lastValueFrom, NEVER, of, throwError } from 'rxjs';
import { FakeCallHandler, httpContext } from '../../../test/utils/execution-context';
import {
  DEFAULT_TIMEOUT_MS,
  TIMEOUT_STARTED_AT,
  TimeoutInterceptor,
  type TimedRequest,
} from './timeout.interceptor';

describe(TimeoutInterceptor.name, () => {
  const sut = new TimeoutInterceptor(20);

  it('should pass an answer given in time through unchanged', async () => {
    const value = { waited: 0 };

    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of(value))));

    await expect(result).resolves.toBe(value);
  });

  it('should raise a 408 and unsubscribe from the handler when it takes too long', async () => {
    const next = new FakeCallHandler(NEVER);

    const result = lastValueFrom(sut.intercept(httpContext(), next));

    await expect(result).rejects.toBeInstanceOf(RequestTimeoutException);
    await expect(result).rejects.toHaveProperty('status', HttpStatus.REQUEST_TIMEOUT);
    // NEVER neither completes nor fails: the teardown can only be the time-out unsubscribing.
    expect(next.tornDown).toBe(true);
  });

  it('should leave on an HTTP request when its time started counting, for a handler that answers within it', () => {
    const context = httpContext();
    const before = performance.now();

    sut.intercept(context, new FakeCallHandler(of(1))).subscribe();

    const startedAt = context.switchToHttp().getRequest<TimedRequest>()[TIMEOUT_STARTED_AT];
    expect(startedAt).toBeGreaterThanOrEqual(before);
    expect(startedAt).toBeLessThanOrEqual(performance.now());
  });

  it('should pass other errors through unchanged', async () => {
    const error = new NotFoundException();

    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(throwError(() => error))));

    await expect(result).rejects.toBe(error);
  });

  describe('by default', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it(`should wait ${DEFAULT_TIMEOUT_MS} ms`, () => {
      const error = jest.fn();
      new TimeoutInterceptor().intercept(httpContext(), new FakeCallHandler(NEVER)).subscribe({ error });

      jest.advanceTimersByTime(DEFAULT_TIMEOUT_MS - 1);
      expect(error).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(error).toHaveBeenCalledWith(expect.any(RequestTimeoutException));
    });
  });
});
