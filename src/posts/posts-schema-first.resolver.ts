import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { LimitArgs } from '../common/pagination/pagination.args';
import type { Author } from '../graphql/schema-first/graphql.generated';
import type { RequestLoaders } from '../graphql/request-loaders';
import { Public } from '../common/decorators/public.decorator';
import { CreatePostDto } from './dto/create-post.dto';
// The service's type, not the generated one: fields other features add (`extend type Post`) have their own resolvers.
import type { Post } from './models/post.model';
import { PostsService } from './posts.service';

/**
 * The query and mutations of posts.graphql and the `Author.posts` field it adds, bound by name. The query is public;
 * the mutations are not: the global guard asks for a token.
 *
 * Schema-first form: the class decorator names no type; the field resolver names its parent
 * type with a method-level `@Resolver('Author')` instead, and then every field resolver of the class must: Nest
 * takes the parent from the method, else from the class, and silently skips a field resolver with neither.
 * Queries and mutations ignore the name. Keep `@ResolveField` above `@Resolver`: decorators apply bottom-up and
 * `@Resolver('Author')` also sets the field name (the other order binds `Author.Author` and the start fails).
 */
@Resolver()
export class PostsSchemaFirstResolver {
  constructor(private readonly postsService: PostsService) {}

  // Through the request's loader: the posts of one request cost one query.
  @Public()
  @Query('post')
  getPost(@Args('id') id: number, @Context('loaders') loaders: RequestLoaders): Promise<Post | null> {
    return loaders.of(this.postsService.loadByIds).load(id);
  }

  // The DTO subclass of the generated input carries the validation (title 3..50).
  @Mutation('createPost')
  create(@Args('authorId') authorId: number, @Args('input') input: CreatePostDto): Promise<Post> {
    return this.postsService.create(authorId, input);
  }

  @Mutation('upvotePost')
  upvote(@Args('postId') postId: number): Promise<Post> {
    return this.postsService.upvote(postId);
  }

  // One DataLoader per request batches the posts of every author in the response into one query. LimitArgs
  // validates `limit` (1..100); its default and the @maxItems bound are in posts.graphql.
  @Public()
  @ResolveField('posts')
  @Resolver('Author')
  getPosts(@Parent() { id }: Author, @Args() args: LimitArgs, @Context('loaders') loaders: RequestLoaders) {
    return loaders.of(this.postsService.loadByAuthor).load({ authorId: id, limit: args.limit });
  }
}
