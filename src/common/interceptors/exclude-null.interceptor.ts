import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';

/**
 * Replaces an HTTP handler's `null` result with `''`, so the client gets an empty body.
 * Other contexts pass through: in GraphQL, null is a meaningful value and `''` would break the schema.
 */
@Injectable()
export class ExcludeNullInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((value: unknown) => (value === null ? '' : value)));
  }
}
