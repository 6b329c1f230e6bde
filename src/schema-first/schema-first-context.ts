import type { Request } from 'express';
import type { AuthorsLoaders } from '../authors/authors.service';
import type { PostsLoaders } from '../posts/posts.service';

/** Every DataLoader of the schema-first endpoint; a new set per request (per-user data never crosses requests). */
export type SchemaFirstLoaders = AuthorsLoaders & PostsLoaders;

/** The per-request context of /schema-first/graphql: `req` is what the global guard reads the token from. */
export interface SchemaFirstContext {
  req: Request;
  loaders: SchemaFirstLoaders;
}
