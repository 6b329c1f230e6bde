import { Args, Context, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Public } from '../../common/decorators/public.decorator';
import type { Author, Post } from '../graphql.generated';
import type { SchemaFirstLoaders } from '../schema-first-context';

/**
 * `author` and `Author.posts` of blog.graphql, bound by name. Public: queries need no token.
 *
 * SPEC §4.1 rule 6, schema-first form: the class decorator names no type; each field resolver names its parent
 * type with a method-level `@Resolver('Author')` instead, and then every field resolver of the class must: Nest
 * takes the parent from the method, else from the class, and silently skips a field resolver with neither.
 * Queries and mutations ignore the name. Keep `@ResolveField` above `@Resolver`: decorators apply bottom-up and
 * `@Resolver('Author')` also sets the field name (the other order binds `Author.Author` and the start fails).
 */
@Public()
@Resolver()
export class BlogAuthorsResolver {
  // Through the request's loader: the authors of one request cost one query.
  @Query('author')
  getAuthor(@Args('id') id: number, @Context('loaders') loaders: SchemaFirstLoaders): Promise<Author | null> {
    return loaders.authorById.load(id);
  }

  // One DataLoader per request batches the posts of every author in the response into one query.
  @ResolveField('posts')
  @Resolver('Author')
  getPosts(@Parent() author: Author, @Context('loaders') loaders: SchemaFirstLoaders): Promise<Post[]> {
    return loaders.postsByAuthor.load(author.id);
  }
}
