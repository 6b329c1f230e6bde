import { Injectable, NotFoundException } from '@nestjs/common';
import { map, Observable, timer } from 'rxjs';

/** What the showcase handlers answer: plain values, so that each difference on the wire is an interceptor's. */
@Injectable()
export class InterceptorsShowcaseService {
  greeting() {
    return { hello: 'world' };
  }

  emptyList(): never[] {
    return [];
  }

  nothing(): null {
    return null;
  }

  /** A failure of something upstream: a plain Error, which alone would be a 500. */
  callUpstream(): never {
    throw new Error('the upstream service did not answer');
  }

  /** Would be the slow lookup a cache saves; the showcase proves it is never reached. */
  expensiveList(): number[] {
    return [1, 2, 3];
  }

  /**
   * Answers `ms` after `since` (a `performance.now()`; the time-out's start, so that `ms` under the time-out
   * answers and `ms` over it does not, to the millisecond). An Observable, not a promise: when a time-out or the
   * client gives up, unsubscribing stops the timer.
   */
  wait(ms: number, since = performance.now()): Observable<{ waited: number }> {
    return timer(Math.max(0, ms - (performance.now() - since))).pipe(map(() => ({ waited: ms })));
  }

  missing(): never {
    throw new NotFoundException('There is nothing here');
  }

  raw() {
    return { raw: true };
  }

  controllerBound() {
    return { bound: 'controller' };
  }

  list(): number[] {
    return [1, 2, 3];
  }
}
