import { Injectable, NotFoundException } from '@nestjs/common';
import type { BatchLoadFn } from 'dataloader';
import { constraintViolationOf } from '../common/errors/database-errors';
import type { ListService } from '../graphql/base.resolver';
import type { RequestLoaders } from '../graphql/request-loaders';
import type { CreatePostInput } from './dto/create-post.input';
import type { AuthorStats } from './models/author-stats.model';
import type { Post } from './models/post.model';
import { PostsRepository } from './posts.repository';
import type { PostRow } from './posts.table';

export function toPost(row: PostRow): Post {
  return { id: row.id, title: row.title, votes: row.votes };
}

@Injectable()
export class PostsService implements ListService<Post> {
  constructor(private readonly repository: PostsRepository) {}

  async getAll(): Promise<Post[]> {
    return (await this.repository.getAll()).map(toPost);
  }

  /** The posts of each author, in the order of `authorIds` (an empty list for an unknown author): one query. */
  async getByAuthorIds(authorIds: readonly number[]): Promise<Post[][]> {
    const byAuthor = new Map<number, Post[]>(authorIds.map((id) => [id, []]));
    for (const row of await this.repository.getByAuthorIds([...new Set(authorIds)])) {
      byAuthor.get(row.authorId)?.push(toPost(row));
    }
    return authorIds.map((id) => byAuthor.get(id) ?? []);
  }

  /** Batch function of the request loaders (`loaders.of(postsService.loadByAuthorIds)`): posts by author id. */
  readonly loadByAuthorIds: BatchLoadFn<number, Post[]> = (authorIds) => this.getByAuthorIds(authorIds);

  /** Through the request's loader, so it shares one query with every `Author.posts` of the same request. */
  async getPostIdsByAuthors(authorIds: number[], loaders: RequestLoaders): Promise<number[][]> {
    const postsOfEach = await loaders.of(this.loadByAuthorIds).loadMany(authorIds);
    return postsOfEach.map((postsOfOne) => {
      if (postsOfOne instanceof Error) throw postsOfOne;
      return postsOfOne.map((post) => post.id);
    });
  }

  /** Votes of each post of the author in id order; null when there is no such author. */
  async getVotesOfAuthor(authorId: number): Promise<Array<number | null> | null> {
    const rows = await this.repository.getVotesOfAuthor(authorId);
    if (rows.length === 0) return null;
    return rows.filter((row) => row.postId !== null).map((row) => row.votes);
  }

  async getAuthorStats(authorId: number): Promise<AuthorStats | null> {
    const votes = await this.getVotesOfAuthor(authorId);
    if (votes === null) return null;
    const totalVotes = votes.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    return { authorId, postCount: votes.length, totalVotes, votes: totalVotes };
  }

  /** 1 for the author with the most votes; authors with the same total share a rank. */
  async getRank(stats: AuthorStats): Promise<number> {
    return 1 + (await this.repository.countAuthorsWithMoreVotes(stats.totalVotes));
  }

  async create(authorId: number, input: CreatePostInput): Promise<Post> {
    try {
      return toPost(await this.repository.create({ authorId, title: input.title }));
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
