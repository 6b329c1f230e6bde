import type { Request } from 'express';
import { RequestLoaders } from './request-loaders';
import { assertNoSubscriptionRootDirectives } from './subscriptions/subscription-root-directives';

/** The per-request context of every GraphQL endpoint: `req` is what the global guard reads the token from. */
export interface GraphqlContext {
  req: Request;
  loaders: RequestLoaders;
}

export function createGraphqlContext({ req }: { req: Request }): GraphqlContext {
  // Here: Apollo validates the document next, and no plugin hook before that can refuse it.
  assertNoSubscriptionRootDirectives(
    req.method === 'GET' ? req.query.query : (req.body as { query?: unknown } | undefined)?.query,
  );
  return { req, loaders: new RequestLoaders() };
}
