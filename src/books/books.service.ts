import { Injectable, NotFoundException } from '@nestjs/common';
import type { BatchLoadFn } from 'dataloader';
import { encodeCursor, readCursor } from '../common/pagination/cursor';
import type { CursorPaginationArgs } from '../common/pagination/cursor-pagination.args';
import { withinBytes } from '../common/pagination/page-size';
import type { Page } from '../graphql/paginated.type';
import { alignWithIds } from '../graphql/request-loaders';
import type { CreateBookInput } from './dto/create-book.input';
import type { UpdateBookInput } from './dto/update-book.input';
import { type Book, toBook } from './models/book.model';
import { type BookFilter, type BookSort, BooksRepository } from './books.repository';

export const BY_ID: BookSort = { field: 'id', direction: 'asc' };

/** The books' rules, for every API that serves them: GraphQL on /graphql and REST on /books. */
@Injectable()
export class BooksService {
  constructor(private readonly repository: BooksRepository) {}

  /** Null where there is none: GraphQL's `book(id)` answers null. */
  async findById(id: number): Promise<Book | null> {
    const row = await this.repository.getById(id);
    return row ? toBook(row) : null;
  }

  /** 404 where there is none: REST's `GET /books/:id`. */
  async getById(id: number): Promise<Book> {
    const book = await this.findById(id);
    if (!book) throw notFound(id);
    return book;
  }

  /** Batch function of the request loaders (`loaders.of(booksService.loadByIds)`): one entry per id, null where none. */
  readonly loadByIds: BatchLoadFn<number, Book | null> = async (ids) =>
    alignWithIds(ids, (await this.repository.getByIds(ids)).map(toBook));

  /**
   * Batch function of `Author.books`: one query for the largest limit asked, each key sliced to its own
   * (the first n of a list are a prefix of its first m, n ≤ m).
   */
  readonly loadByAuthor: BatchLoadFn<{ authorId: number; limit: number }, Book[]> = async (keys) => {
    const limit = Math.max(...keys.map((key) => key.limit));
    const byParent = new Map<number, Book[]>();
    for (const row of await this.repository.getFirstByAuthorIds(
      [...new Set(keys.map((key) => key.authorId))],
      limit,
    )) {
      const siblings = byParent.get(row.authorId) ?? [];
      siblings.push(toBook(row));
      byParent.set(row.authorId, siblings);
    }
    return keys.map((key) => (byParent.get(key.authorId) ?? []).slice(0, key.limit));
  };

  /**
   * A page in the given order, after the edge `after` names when given (keyset: stable while rows are added
   * before it), stopped before 1 MiB; counting every match only when asked (it is the costly part of a page).
   */
  async getPage(
    { offset, limit, after }: CursorPaginationArgs,
    filter: BookFilter = {},
    sort: BookSort = BY_ID,
    { totalCount = false } = {},
  ): Promise<Page<Book>> {
    // One row past the page tells whether another page follows.
    const rows = await this.repository.getPage(
      filter,
      sort,
      offset,
      limit + 1,
      readCursor(after, sort.field),
    );
    // A page of large values stops before 1 MiB: the rows it leaves out come next.
    const nodes = withinBytes(rows.slice(0, limit).map(toBook));
    return {
      nodes,
      cursors: rows.slice(0, nodes.length).map((row) => encodeCursor(sort.field, row.sortKey, row.id)),
      totalCount: totalCount ? await this.repository.count(filter) : undefined,
      hasNextPage: rows.length > nodes.length,
      offset,
    };
  }

  async create(input: CreateBookInput): Promise<Book> {
    return toBook(await this.repository.create(input));
  }

  async update(id: number, input: UpdateBookInput): Promise<Book> {
    const row = await this.repository.update(id, input);
    if (!row) throw notFound(id);
    return toBook(row);
  }

  /** The deleted book. */
  async delete(id: number): Promise<Book> {
    const row = await this.repository.delete(id);
    if (!row) throw notFound(id);
    return toBook(row);
  }
}

const notFound = (id: number) => new NotFoundException(`Book ${id} not found`);
