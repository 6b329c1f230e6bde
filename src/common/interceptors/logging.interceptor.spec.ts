import { Logger, NotFoundException } from '@nestjs/common';
import { lastValueFrom, NEVER, of, throwError } from 'rxjs';
import {
  executionContext,
  FakeCallHandler,
  graphqlContext,
  httpContext,
} from '../../../test/utils/execution-context';
import type { Clock } from '../clock';
import { LoggingInterceptor } from './logging.interceptor';

describe(LoggingInterceptor.name, () => {
  let sut: LoggingInterceptor;
  let log: jest.SpyInstance;

  beforeEach(() => {
    // Started at 1000, finished at 1042 (in ms): no waiting for real time to pass.
    const clock: Clock = { now: jest.fn().mockReturnValueOnce(1000).mockReturnValue(1042) };
    sut = new LoggingInterceptor(clock);
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation();
  });

  afterEach(() => jest.restoreAllMocks());

  const lines = () => log.mock.calls.map(([message]) => message);

  it('should log one line before the handler runs and one after it completes, with the elapsed ms', async () => {
    const next = new FakeCallHandler(of('ok'));

    const result$ = sut.intercept(httpContext('GET', '/cats?limit=2'), next);

    expect(lines()).toEqual(['GET /cats?limit=2 started']);
    expect(next.subscribed).toBe(false);
    await lastValueFrom(result$);
    expect(lines()).toEqual(['GET /cats?limit=2 started', 'GET /cats?limit=2 completed in 42ms']);
  });

  it('should pass the value through unchanged', async () => {
    const value = { hello: 'world' };

    await expect(lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of(value))))).resolves.toBe(
      value,
    );
  });

  it('should log a failure with the elapsed ms and pass the error through unchanged', async () => {
    const error = new NotFoundException();

    const result = lastValueFrom(
      sut.intercept(httpContext('GET', '/cats/9'), new FakeCallHandler(throwError(() => error))),
    );

    await expect(result).rejects.toBe(error);
    expect(lines()).toEqual(['GET /cats/9 started', 'GET /cats/9 failed in 42ms (NotFoundException)']);
  });

  it('should log a cancellation when the caller unsubscribes first', () => {
    const next = new FakeCallHandler(NEVER);

    sut.intercept(httpContext('GET', '/slow'), next).subscribe().unsubscribe();

    expect(next.tornDown).toBe(true);
    expect(lines()).toEqual(['GET /slow started', 'GET /slow cancelled after 42ms']);
  });

  it('should name the GraphQL type and field, and leave the resolver result alone', async () => {
    const author = { id: 1, firstName: 'Ada' };

    const result = lastValueFrom(
      sut.intercept(graphqlContext('Query', 'author'), new FakeCallHandler(of(author))),
    );

    await expect(result).resolves.toBe(author);
    expect(lines()).toEqual(['Query.author started', 'Query.author completed in 42ms']);
  });

  it("should say a subscription's root field subscribed, not completed: its events come later", async () => {
    await lastValueFrom(
      sut.intercept(graphqlContext('Subscription', 'postAdded'), new FakeCallHandler(of({}))),
    );

    expect(lines()).toEqual(['Subscription.postAdded started', 'Subscription.postAdded subscribed in 42ms']);
  });

  it('should name other kinds of call by class and method', async () => {
    await lastValueFrom(sut.intercept(executionContext('rpc', [{}, {}]), new FakeCallHandler(of(1))));

    expect(lines()).toEqual(['TestController.handle started', 'TestController.handle completed in 42ms']);
  });
});
