import { Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { CursorPosition } from '../common/pagination/cursor';
import { type KeyedRow, keysetAfter, keysetKey, keysetOrder } from '../common/pagination/keyset';
import { type Database, InjectDatabase } from '../database/database.types';
import type { BookGenre } from './book-genre.enum';
import { type NewBookRow, type BookRow, books } from './books.table';

/** Equality filters of a page; a missing one matches every row. */
export interface BookFilter {
  inStock?: boolean;
  genre?: BookGenre;
  authorId?: number;
}

/**
 * The fields a page can be ordered by (then by id): id, the timestamps and the indexed fields. The REST `sort`
 * values, and the GraphQL `BookOrderField` by their names.
 */
export const BookSortField = {
  ID: 'id',
  TITLE: 'title',
  ISBN: 'isbn',
  RATING: 'rating',
  AUTHOR_ID: 'authorId',
  CREATED_AT: 'createdAt',
  UPDATED_AT: 'updatedAt',
} as const;

export type BookSortField = (typeof BookSortField)[keyof typeof BookSortField];

/** A page's order: one field (nulls last), then id, so that pages never overlap. */
export interface BookSort {
  field: BookSortField;
  direction: 'asc' | 'desc';
}

@Injectable()
export class BooksRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async getById(id: number): Promise<BookRow | undefined> {
    const [row] = await this.db.select().from(books).where(eq(books.id, id));
    return row;
  }

  getByIds(ids: readonly number[]): Promise<BookRow[]> {
    return this.db
      .select()
      .from(books)
      .where(inArray(books.id, [...ids]));
  }

  /** A page in `sort`'s order, after `after` when given; each row with the value its cursor keeps. */
  getPage(
    filter: BookFilter,
    sort: BookSort,
    offset: number,
    limit: number,
    after?: CursorPosition,
  ): Promise<KeyedRow<BookRow>[]> {
    const order = { column: books[sort.field], id: books.id, direction: sort.direction };
    return this.db
      .select({ ...getTableColumns(books), sortKey: keysetKey(order.column) })
      .from(books)
      .where(and(whereOf(filter), keysetAfter(order, after)))
      .orderBy(...keysetOrder(order))
      .offset(offset)
      .limit(limit);
  }

  count(filter: BookFilter): Promise<number> {
    return this.db.$count(books, whereOf(filter));
  }

  /** The first `limit` books of each author, in id order: one statement for every author asked. */
  getFirstByAuthorIds(ids: readonly number[], limit: number): Promise<BookRow[]> {
    const ranked = this.db
      .select({
        ...getTableColumns(books),
        rank: sql<number>`row_number() over (partition by ${books.authorId} order by ${books.id})`.as('rank'),
      })
      .from(books)
      .where(inArray(books.authorId, [...ids]))
      .as('ranked');
    return this.db.select().from(ranked).where(lte(ranked.rank, limit)).orderBy(asc(ranked.id));
  }

  async create(values: NewBookRow): Promise<BookRow> {
    const [row] = await this.db.insert(books).values(values).returning();
    return row;
  }

  async update(id: number, values: Partial<NewBookRow>): Promise<BookRow | undefined> {
    const [row] = await this.db
      .update(books)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(books.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<BookRow | undefined> {
    const [row] = await this.db.delete(books).where(eq(books.id, id)).returning();
    return row;
  }
}

// A field left out, or null (GraphQL's way to leave an argument out), matches every book.
function whereOf(filter: BookFilter) {
  return and(
    filter.inStock == null ? undefined : eq(books.inStock, filter.inStock),
    filter.genre == null ? undefined : eq(books.genre, filter.genre),
    filter.authorId == null ? undefined : eq(books.authorId, filter.authorId),
  );
}
