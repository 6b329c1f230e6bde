import type { Request } from 'express';
import type { PostsLoaders } from '../posts/posts.service';

/** Every DataLoader of the code-first endpoint; a new set per request (per-user data never crosses requests). */
export type GraphqlLoaders = PostsLoaders;

/** The per-request GraphQL context: `req` is what the global guard reads the token from. */
export interface GraphqlContext {
  req: Request;
  loaders: GraphqlLoaders;
}
