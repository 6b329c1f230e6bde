import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Histogram } from 'prom-client';
import { routeOf } from '../common/utils/http-route';
import { BoundedLabelValues } from './bounded-label-values';

export type HttpLabels = 'method' | 'route' | 'status';

/**
 * Route patterns come from the app's own routes, so they are few; the bound only guards against a handler
 * mounted on a pattern path (whose mount path would then be the URL) ever answering by itself.
 */
const MAX_ROUTES = 500;

/**
 * Observes every response's duration under its method, route pattern (`/cats/:id`, `unmatched` for a 404) and
 * status. Mounted first (configureApp), so refusals before routing count too; `close` ends every response,
 * finished or aborted. The labelled series are kept, so a request costs one map lookup and one observation.
 */
export function httpMetricsMiddleware(histogram: Histogram<HttpLabels>): RequestHandler {
  const routes = new BoundedLabelValues(MAX_ROUTES);
  const series = new Map<string, Histogram.Internal<HttpLabels>>();
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = performance.now();
    res.once('close', () => {
      const route = routes.label(routeOf(req));
      const key = `${req.method} ${route} ${res.statusCode}`;
      let observed = series.get(key);
      if (!observed) {
        observed = histogram.labels(req.method, route, String(res.statusCode));
        series.set(key, observed);
      }
      observed.observe((performance.now() - startedAt) / 1000);
    });
    next();
  };
}
