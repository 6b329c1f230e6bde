import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Histogram } from 'prom-client';
import { routeOf } from '../common/http/http-route';
import { BoundedLabelValues } from './bounded-label-values';

export type HttpLabels = 'method' | 'route' | 'status';

/**
 * Route patterns come from the app's own routes, so they are few; the bound only guards against a handler
 * mounted on a pattern path (whose mount path would then be the URL) ever answering by itself.
 */
const MAX_ROUTES = 500;

/** The status label of a request the client abandoned before its answer was written (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Observes every response's duration under its method, route pattern (`/cats/:id`, `unmatched` for a 404) and
 * status (499 for a request its client abandoned). Mounted first (configureApp), so refusals before routing count
 * too; `close` ends every response, finished or aborted. The labelled series are kept, so a request costs one map
 * lookup and one observation.
 */
export function httpMetricsMiddleware(histogram: Histogram<HttpLabels>): RequestHandler {
  const routes = new BoundedLabelValues(MAX_ROUTES);
  const series = new Map<string, Histogram.Internal<HttpLabels>>();
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = performance.now();
    res.once('close', () => {
      const route = routes.label(routeOf(req));
      // Express's default 200 until something is sent: a request whose client left first got no answer.
      const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED_REQUEST;
      const key = `${req.method} ${route} ${status}`;
      let observed = series.get(key);
      if (!observed) {
        observed = histogram.labels(req.method, route, String(status));
        series.set(key, observed);
      }
      observed.observe((performance.now() - startedAt) / 1000);
    });
    next();
  };
}
