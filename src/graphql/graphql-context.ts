import type { Request } from 'express';
import { RequestLoaders } from './request-loaders';

/** The per-request context of every GraphQL endpoint: `req` is what the global guard reads the token from. */
export interface GraphqlContext {
  req: Request;
  loaders: RequestLoaders;
}

export function createGraphqlContext({ req }: { req: Request }): GraphqlContext {
  return { req, loaders: new RequestLoaders() };
}
