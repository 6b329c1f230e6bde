import { CallHandler, ExecutionContext, NestInterceptor, RequestTimeoutException } from '@nestjs/common';
import { catchError, Observable, throwError, timeout, TimeoutError } from 'rxjs';

export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * When the time-out of an HTTP request started counting (`performance.now()`), on the request: the handler starts
 * a little later (the pipes run first), so one that must answer within the time-out measures from here.
 */
export const TIMEOUT_STARTED_AT = Symbol('timeout started at');
export type TimedRequest = { [TIMEOUT_STARTED_AT]?: number };

/**
 * Gives up on a handler that has not answered in time: its stream is unsubscribed (so an Observable handler
 * stops its work) and a request-time-out exception (408) is raised; any other error passes through unchanged.
 * `@UseInterceptors(TimeoutInterceptor)` waits 5000 ms, `@UseInterceptors(new TimeoutInterceptor(100))` 100 ms.
 * Not `@Injectable()`: it has no dependencies, and Nest would look for a provider of its `number` parameter.
 */
export class TimeoutInterceptor implements NestInterceptor {
  constructor(private readonly ms: number = DEFAULT_TIMEOUT_MS) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      context.switchToHttp().getRequest<TimedRequest>()[TIMEOUT_STARTED_AT] = performance.now();
    }
    return next.handle().pipe(
      // rxjs `timeout` restarts for each value: for a handler's single answer, that is the time to answer.
      timeout(this.ms),
      catchError((error: unknown) =>
        throwError(() => (error instanceof TimeoutError ? new RequestTimeoutException() : error)),
      ),
    );
  }
}
