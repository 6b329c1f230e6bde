import { Injectable, NotFoundException } from '@nestjs/common';
import type { BatchLoadFn } from 'dataloader';
import { constraintViolationOf } from '../common/errors/database-errors';
import { DEFAULT_LIMIT, MAX_LIMIT, type PaginationArgs } from '../common/pagination/pagination.args';
import { DatabasePubSub, mapEvents, type Topic } from '../database/database-pubsub';
import type { ListService } from '../graphql/base.resolver';
import type { Page } from '../graphql/paginated.type';
import { alignWithIds, type RequestLoaders } from '../graphql/request-loaders';
import type { CreatePostInput } from './dto/create-post.input';
import type { AuthorStats } from './models/author-stats.model';
import { type Post, toPost } from './models/post.model';
import { PostsRepository } from './posts.repository';

/** What `postAdded` carries between instances: the post, and its author for the subscribers' filter. */
export interface PostAddedEvent {
  authorId: number;
  post: Post;
}

/** The NOTIFY channel of `postAdded`. */
export const POST_ADDED_CHANNEL = 'post_added';

/** What `Author.posts` loads: the first `limit` posts (by id) of one author. */
export interface AuthorPostsKey {
  authorId: number;
  limit: number;
}

@Injectable()
export class PostsService implements ListService<Post> {
  private readonly added: Topic<PostAddedEvent>;

  constructor(
    private readonly repository: PostsRepository,
    pubsub: DatabasePubSub,
  ) {
    // An event too large for NOTIFY travels as the post's id: each instance reads the row once.
    this.added = pubsub.topic<PostAddedEvent>(POST_ADDED_CHANNEL, async (id) => {
      const row = await this.repository.getById(Number(id));
      return row && { authorId: row.authorId, post: toPost(row) };
    });
  }

  /** One entry per id, in the same order: null where there is no such post. */
  async getByIds(ids: number[]): Promise<Array<Post | null>> {
    return alignWithIds(ids, (await this.repository.getByIds(ids)).map(toPost));
  }

  /** Batch function of the request loaders (`loaders.of(postsService.loadByIds)`): posts by id. */
  readonly loadByIds: BatchLoadFn<number, Post | null> = (ids) => this.getByIds([...ids]);

  /** `findAllPost`: a bare list of one page in id order. */
  async getList({ offset, limit }: PaginationArgs): Promise<Post[]> {
    return (await this.repository.getPage(offset, limit)).map(toPost);
  }

  /** `posts`: a page in id order, counting every post only when asked (it is the costly part of a page). */
  async getPage({ offset, limit }: PaginationArgs, { totalCount = false } = {}): Promise<Page<Post>> {
    // One row past the page tells whether another page follows, without counting.
    const rows = await this.repository.getPage(offset, limit + 1);
    return {
      nodes: rows.slice(0, limit).map(toPost),
      totalCount: totalCount ? await this.repository.count() : undefined,
      hasNextPage: rows.length > limit,
      offset,
    };
  }

  /**
   * The first `limit` posts of each author, in the order of `authorIds` (an empty list for an unknown author):
   * one query. A list of every post would grow with what an author writes.
   */
  async getFirstByAuthorIds(authorIds: readonly number[], limit: number): Promise<Post[][]> {
    const byAuthor = new Map<number, Post[]>(authorIds.map((id) => [id, []]));
    for (const row of await this.repository.getFirstByAuthorIds([...new Set(authorIds)], limit)) {
      byAuthor.get(row.authorId)?.push(toPost(row));
    }
    return authorIds.map((id) => byAuthor.get(id) ?? []);
  }

  /**
   * Batch function of the request loaders (`loaders.of(postsService.loadByAuthor)`): one query for the largest
   * limit asked, each key sliced to its own (the first n posts are a prefix of the first m, n ≤ m).
   */
  readonly loadByAuthor: BatchLoadFn<AuthorPostsKey, Post[]> = async (keys) => {
    const limit = Math.max(...keys.map((key) => key.limit));
    const postsOfEach = await this.getFirstByAuthorIds(
      keys.map((key) => key.authorId),
      limit,
    );
    return postsOfEach.map((postsOfOne, index) => postsOfOne.slice(0, keys[index].limit));
  };

  /**
   * The ids of each author's first DEFAULT_LIMIT posts (what `Author.posts` answers by default), through the
   * request's loader, so it shares one query with every `Author.posts` of the same request.
   */
  async getPostIdsByAuthors(authorIds: number[], loaders: RequestLoaders): Promise<number[][]> {
    const postsOfEach = await loaders
      .of(this.loadByAuthor)
      .loadMany(authorIds.map((authorId) => ({ authorId, limit: DEFAULT_LIMIT })));
    return postsOfEach.map((postsOfOne) => {
      if (postsOfOne instanceof Error) throw postsOfOne;
      return postsOfOne.map((post) => post.id);
    });
  }

  /** Votes of each of the author's first MAX_LIMIT posts, in id order; null when there is no such author. */
  async getVotesOfAuthor(authorId: number): Promise<Array<number | null> | null> {
    const rows = await this.repository.getVotesOfAuthor(authorId, MAX_LIMIT);
    if (rows.length === 0) return null;
    return rows.filter((row) => row.postId !== null).map((row) => row.votes);
  }

  /** Over every post of the author (counted by the database); null when there is no such author. */
  async getAuthorStats(authorId: number): Promise<AuthorStats | null> {
    const stats = await this.repository.getStatsOfAuthor(authorId);
    if (!stats) return null;
    return { authorId, ...stats, votes: stats.totalVotes };
  }

  /** 1 for the author with the most votes; authors with the same total share a rank. */
  async getRank(stats: AuthorStats): Promise<number> {
    return 1 + (await this.repository.countAuthorsWithMoreVotes(stats.totalVotes));
  }

  /**
   * Every post added from now on, on any instance (only `authorId`'s when given); the subscription is listening
   * when this resolves.
   */
  async subscribeToAdded(authorId?: number | null): Promise<AsyncIterableIterator<Post>> {
    const events = await this.added.subscribe((event) => authorId == null || event.authorId === authorId);
    return mapEvents(events, (event) => event.post);
  }

  /** Stores the post and announces it to `postAdded` in one transaction: an event for every post stored, no other. */
  async create(authorId: number, input: CreatePostInput): Promise<Post> {
    try {
      const row = await this.repository.create({ authorId, title: input.title }, (stored) =>
        this.added.notification({ authorId, post: toPost(stored) }, stored.id),
      );
      return toPost(row);
    } catch (error) {
      // The foreign key decides in the same statement (no check-then-insert race); authorId is an argument
      // here, not a field of the input, so an unknown one is NOT_FOUND rather than BAD_USER_INPUT.
      if (constraintViolationOf(error)?.kind === 'references') {
        throw new NotFoundException(`Author ${authorId} not found`);
      }
      throw error;
    }
  }

  async upvote(postId: number): Promise<Post> {
    const row = await this.repository.incrementVotes(postId);
    if (!row) throw new NotFoundException(`Post ${postId} not found`);
    return toPost(row);
  }
}
