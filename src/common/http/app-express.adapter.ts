import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/**
 * The Express adapter every instance of the app runs on (main.ts and the tests): a handler's string (or other
 * primitive) answer goes out as `text/plain; charset=utf-8` unless the handler chose a Content-Type itself
 * (`@Header()`, the response object). Express would send it as text/html, so a text that echoes the request
 * (`GET /cats/<img src=x onerror=alert(1)>`) would be markup to a browser. Objects stay JSON.
 *
 * Decided where Nest sends the answer, once every interceptor has had its say, rather than in a global
 * interceptor: that costs each request an RxJS stage for a `typeof` check.
 */
export class AppExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (isSentAsText(body) && !response.headersSent && !response.getHeader('Content-Type')) {
      response.setHeader('Content-Type', PLAIN_TEXT);
    }
    return super.reply(response, body, statusCode);
  }
}

/** What Nest's Express adapter sends with `String(body)` rather than as JSON. */
function isSentAsText(value: unknown): boolean {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint';
}
