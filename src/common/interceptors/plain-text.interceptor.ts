import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';

export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/**
 * Sends an HTTP handler's string (or other primitive) answer as `text/plain; charset=utf-8` unless the handler
 * chose a Content-Type itself (`@Header()`, the response object). Express sends such a body as text/html, so a
 * text that echoes the request (`GET /cats/<img src=x onerror=alert(1)>`) would be markup to a browser. The body
 * is left as it is; objects stay JSON. Registered globally (APP_INTERCEPTOR): outside every route's interceptors,
 * it sees what is really sent (the last value of the handler's stream, as Nest sends).
 */
@Injectable()
export class PlainTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    let answer: unknown;
    return next.handle().pipe(
      tap({
        next: (value) => (answer = value),
        complete: () => {
          if (isSentAsText(answer) && !response.headersSent && !response.getHeader('Content-Type')) {
            response.setHeader('Content-Type', PLAIN_TEXT);
          }
        },
      }),
    );
  }
}

/** What Nest's Express adapter sends with `String(body)` rather than as JSON. */
function isSentAsText(value: unknown): boolean {
  return ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}
