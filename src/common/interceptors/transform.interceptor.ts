import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';

export interface Envelope<T> {
  data: T;
}

/**
 * Wraps an HTTP handler's result as `{ data: result }` (an empty array becomes `{ data: [] }`).
 * Other contexts pass through: a GraphQL resolver must return the shape its schema declares.
 */
@Injectable()
export class TransformInterceptor<T> implements NestInterceptor<T, Envelope<T> | T> {
  intercept(context: ExecutionContext, next: CallHandler<T>): Observable<Envelope<T> | T> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((data) => ({ data })));
  }
}
