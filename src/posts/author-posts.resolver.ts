import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Author } from '../authors/models/author.model';
import { Public } from '../common/decorators/public.decorator';
import type { RequestLoaders } from '../graphql/request-loaders';
import { Post } from './models/post.model';
import { PostsService } from './posts.service';

/**
 * `Author.posts`: the has-many side lives with the child feature, so the authors feature knows nothing of posts.
 * Public like the queries that return authors (the guard also runs on field resolvers).
 */
@Public()
@Resolver(() => Author)
export class AuthorPostsResolver {
  constructor(private readonly postsService: PostsService) {}

  // One DataLoader per request batches the posts of every author in the response into one query.
  @ResolveField('posts', () => [Post], {
    description: "The author's posts in id order, fetched in one batch per request.",
  })
  getPosts(@Parent() author: Author, @Context('loaders') loaders: RequestLoaders): Promise<Post[]> {
    return loaders.of(this.postsService.loadByAuthorIds).load(author.id);
  }
}
