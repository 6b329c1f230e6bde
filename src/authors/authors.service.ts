import { Injectable } from '@nestjs/common';
import type { BatchLoadFn } from 'dataloader';
import { DEFAULT_LIMIT, type PaginationArgs } from '../common/pagination/pagination.args';
import type { Page } from '../graphql/paginated.type';
import { alignWithIds } from '../graphql/request-loaders';
import { PostsService } from '../posts/posts.service';
import { AuthorsRepository } from './authors.repository';
import type { GetAuthorArgs } from './dto/get-author.args';
import { type Author, toAuthor } from './models/author.model';

/** What a page carries beyond its authors; both cost extra work, so callers ask for them. */
export interface AuthorsPageOptions {
  totalCount?: boolean;
  posts?: boolean;
}

@Injectable()
export class AuthorsService {
  constructor(
    private readonly repository: AuthorsRepository,
    private readonly posts: PostsService,
  ) {}

  /** One entry per id, in the same order: null where there is no such author. */
  async getByIds(ids: number[]): Promise<Array<Author | null>> {
    return alignWithIds(ids, (await this.repository.getByIds(ids)).map(toAuthor));
  }

  /** The first author (by id) with these names; a null, missing or empty name matches any. */
  async getByName({ firstName, lastName }: GetAuthorArgs): Promise<Author | null> {
    const row = await this.repository.getFirstByName({
      firstName: firstName ?? undefined,
      lastName: lastName || undefined,
    });
    return row ? toAuthor(row) : null;
  }

  /** Batch function of the request loaders (`loaders.of(authorsService.loadByIds)`): authors by id. */
  readonly loadByIds: BatchLoadFn<number, Author | null> = (ids) => this.getByIds([...ids]);

  async count(): Promise<number> {
    return this.repository.count();
  }

  /**
   * Authors in id order. One query, plus one for the posts of the whole page when asked for: the first
   * DEFAULT_LIMIT of each author, as `Author.posts` answers by default.
   */
  async getPage({ offset, limit }: PaginationArgs, options: AuthorsPageOptions = {}): Promise<Page<Author>> {
    // One row past the page tells whether another page follows, without counting.
    const { rows, total } = options.totalCount
      ? await this.repository.getPageWithTotal(offset, limit + 1)
      : { rows: await this.repository.getPage(offset, limit + 1), total: undefined };
    const nodes = rows.slice(0, limit).map(toAuthor);
    if (options.posts) {
      const postsOfEach = await this.posts.getFirstByAuthorIds(
        nodes.map((author) => author.id),
        DEFAULT_LIMIT,
      );
      nodes.forEach((author, index) => (author.posts = postsOfEach[index]));
    }
    // A page past the end has no row to carry the window count.
    const totalCount = options.totalCount ? (total ?? (await this.repository.count())) : undefined;
    return { nodes, totalCount, hasNextPage: rows.length > limit, offset };
  }
}
