import { Args, Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Author } from '../authors/models/author.model';
import { Public } from '../common/decorators/public.decorator';
import { LimitArgs, MAX_LIMIT } from '../common/pagination/pagination.args';
import { MaxItems } from '../graphql/max-items';
import type { RequestLoaders } from '../graphql/request-loaders';
import { Post } from './models/post.model';
import { PostsService } from './posts.service';

/**
 * `Author.posts`: the has-many side lives with the child feature, so the Author type's files know nothing of posts.
 * Public like the queries that return authors (the guard also runs on field resolvers).
 */
@Public()
@Resolver(() => Author)
export class AuthorPostsResolver {
  constructor(private readonly postsService: PostsService) {}

  // One DataLoader per request batches the posts of every author in the response into one query. The type stays
  // [Post!]!, not a page: the optional `limit` bounds it, so an author's list never grows with their writing.
  @MaxItems({ max: MAX_LIMIT, sizedBy: 'limit' })
  @ResolveField('posts', () => [Post], {
    description: "The author's first posts in id order, fetched in one batch per request.",
  })
  getPosts(
    @Parent() author: Author,
    @Args() { limit }: LimitArgs,
    @Context('loaders') loaders: RequestLoaders,
  ): Promise<Post[]> {
    return loaders.of(this.postsService.loadByAuthor).load({ authorId: author.id, limit });
  }
}
