import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PinoLogger } from 'nestjs-pino';
import { routeOf } from '../http/http-route';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a caller or a proxy may hand in as a request id: short, and nothing that could forge a log line. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming X-Request-Id when well formed (so one id follows a request across services), else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The request logger, mounted before any other middleware (configureApp) so that every response, a 413 from
 * the body parser included, gets its `X-Request-Id` and one completion line:
 * `{"level":"info","time":…,"requestId":…,"method":"GET","route":"/cats/:id","status":200,"durationMs":2,
 * "msg":"GET /cats/:id 200 2ms"}` (a 5xx at level error: its cause is logged by the exception filter).
 * The rest of the request runs in nestjs-pino's context (`runInContext`, AsyncLocalStorage) with a logger bound to
 * its id, so every `Logger` line logged meanwhile carries it too. No headers, cookies or bodies are logged at all,
 * and the route is the pattern, never the URL.
 *
 * pino-http, which nestjs-pino mounts by default, makes two child loggers and three listeners per request, and
 * nestjs-pino then binds the context in a Nest middleware of its own: measured at about twice the cost of this.
 */
export function createHttpLogger(context: PinoLogger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = performance.now();
    const requestId = requestIdFor(req.headers['x-request-id']);
    req.id = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    context.runInContext(
      () => {
        const log = (req.log = context.logger); // the context's logger: bound to the request id
        // `close` ends every response, finished or cut off by the client.
        res.once('close', () => {
          const { statusCode: status } = res;
          const level = status >= 500 ? 'error' : 'info';
          if (!log.isLevelEnabled(level)) return; // LOG_LEVEL=warn: no line, and nothing built for one
          const durationMs = Math.round(performance.now() - startedAt);
          const { method } = req;
          const route = routeOf(req);
          if (res.writableFinished) {
            log[level]({ method, route, status, durationMs }, `${method} ${route} ${status} ${durationMs}ms`);
          } else {
            log.info(
              { method, route, durationMs, aborted: true },
              `${method} ${route} aborted after ${durationMs}ms`,
            );
          }
        });
        next();
      },
      { bindings: { requestId } },
    );
  };
}
