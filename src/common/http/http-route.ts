import type { Request } from 'express';

/** The label of a request that no route or mounted handler answered (a 404, a request refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * A pattern that is only a wildcard (`{/*splat}`) belongs to a middleware mounted for every path (Nest mounts
 * nestjs-pino's that way, as a route of its own), never to the handler that answered.
 */
const CATCH_ALL = /^[{/]*\*\w*\}?$/;

/**
 * The route pattern that answered a request, for logs and metrics, never its URL: `/cats/:id` for a controller
 * route, the mount path for a handler mounted with `app.use` (the GraphQL endpoints: `/graphql`), otherwise
 * `unmatched`. Read once the response is finished: Express sets `req.route` to each route it dispatches to (the
 * handler's is the last), and a mounted handler that answers, rather than calling `next`, leaves its mount path
 * in `req.baseUrl`.
 */
export function routeOf(req: Request): string {
  const pattern: unknown = req.route?.path;
  if (typeof pattern === 'string' && !CATCH_ALL.test(pattern)) return `${req.baseUrl}${pattern}`;
  return req.baseUrl || UNMATCHED_ROUTE;
}
