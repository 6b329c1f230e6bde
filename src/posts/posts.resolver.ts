import { Args, Context, Info, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Public } from '../common/decorators/public.decorator';
import { DEFAULT_LIMIT, MAX_LIMIT, PaginationArgs } from '../common/pagination/pagination.args';
import { BaseResolver } from '../graphql/base.resolver';
import { MaxItems } from '../graphql/max-items';
import type { RequestLoaders } from '../graphql/request-loaders';
import { isFieldSelected } from '../graphql/selected-fields';
import { AuthorIdsArgs, MAX_AUTHOR_IDS } from './dto/author-ids.args';
import { CreatePostInput } from './dto/create-post.input';
import { AuthorStats } from './models/author-stats.model';
import { PaginatedPost } from './models/paginated-post.model';
import { Post } from './models/post.model';
import { PostsService } from './posts.service';

// Queries are public (each marked @Public()); the mutations keep the global guard: they need a token, and so does
// the subscription (its connection was authenticated at connection_init; the guard checks the token again).
// `findAllPost` comes from the generic base resolver; `post` and `posts` are what every feature has (one, a page),
// which is also what a generated feature's has-many side (`Post.<things>`) is read through.
@Resolver(() => Post)
export class PostsResolver extends BaseResolver(Post) {
  constructor(protected readonly service: PostsService) {
    super();
  }

  @Public()
  @Query(() => Post, { name: 'post', nullable: true, description: 'One post by id; null when unknown.' })
  getPost(
    @Args('id', { type: () => Int }) id: number,
    @Context('loaders') loaders: RequestLoaders,
  ): Promise<Post | null> {
    // Through the request's loader: the posts of one request cost one query.
    return loaders.of(this.service.loadByIds).load(id);
  }

  @Public()
  @MaxItems({ max: MAX_LIMIT, sizedBy: 'limit', sizedFields: ['nodes', 'edges'] })
  @Query(() => PaginatedPost, { name: 'posts', description: 'A page of posts, in id order.' })
  async getPosts(
    @Args() pagination: PaginationArgs,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PaginatedPost> {
    // Counting all posts is the costly part of a page: only when the client asked for it.
    return PaginatedPost.of(
      await this.service.getPage(pagination, { totalCount: isFieldSelected(info, 'totalCount') }),
    );
  }

  @Public()
  @MaxItems({ max: MAX_LIMIT })
  @Query(() => [Int], {
    name: 'postVotes',
    nullable: 'itemsAndList',
    description: `Votes of each of the author's first ${MAX_LIMIT} posts, in post id order: null for an unknown author, an entry is null while its post has no votes.`,
  })
  getVotesOfAuthor(
    @Args('authorId', { type: () => Int }) authorId: number,
  ): Promise<Array<number | null> | null> {
    return this.service.getVotesOfAuthor(authorId);
  }

  @Public()
  @MaxItems({ max: MAX_AUTHOR_IDS, sizedBy: 'authorIds', innerMax: DEFAULT_LIMIT })
  @Query(() => [[Int]], {
    name: 'postIdsByAuthor',
    description: `For each author id, the ids of their first ${DEFAULT_LIMIT} posts (an empty list for an unknown author).`,
  })
  getPostIdsByAuthors(
    @Args() { authorIds }: AuthorIdsArgs,
    @Context('loaders') loaders: RequestLoaders,
  ): Promise<number[][]> {
    return this.service.getPostIdsByAuthors(authorIds, loaders);
  }

  @Public()
  @Query(() => AuthorStats, {
    name: 'authorStats',
    nullable: true,
    description: "Counts over one author's posts; null for an unknown author.",
  })
  getAuthorStats(@Args('authorId', { type: () => Int }) authorId: number): Promise<AuthorStats | null> {
    return this.service.getAuthorStats(authorId);
  }

  @Mutation(() => Post, {
    name: 'createPost',
    description: 'Adds a post to an author. Needs a bearer token.',
  })
  create(
    @Args('authorId', { type: () => Int }) authorId: number,
    @Args('input') input: CreatePostInput,
  ): Promise<Post> {
    return this.service.create(authorId, input);
  }

  @Subscription(() => Post, {
    name: 'postAdded',
    description:
      'Each post added through createPost from now on, on any instance; only those of one author when authorId is given. Over WebSocket (graphql-transport-ws), with a bearer token in connection_init.',
    resolve: (post: Post) => post,
  })
  subscribeToAdded(
    @Args('authorId', { type: () => Int, nullable: true, description: 'Only the posts of this author.' })
    authorId?: number | null,
  ): Promise<AsyncIterableIterator<Post>> {
    return this.service.subscribeToAdded(authorId);
  }

  @Mutation(() => Post, {
    name: 'upvotePost',
    description: "Adds one to a post's votes, atomically. Needs a bearer token.",
  })
  upvote(@Args('postId', { type: () => Int }) postId: number): Promise<Post> {
    return this.service.upvote(postId);
  }
}
