import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, of } from 'rxjs';

/**
 * A teaching example: answers a fixed empty array and never calls `next.handle()`, so the
 * handler does not run at all. A real cache would look a key up and call the handler on a miss, as Nest's own
 * CacheInterceptor (`@nestjs/cache-manager`, hence the different name) does.
 */
@Injectable()
export class FixedCacheInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, _next: CallHandler): Observable<never[]> {
    return of([]);
  }
}
