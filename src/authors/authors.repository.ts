import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import { type AuthorRow, authors } from './authors.table';

export interface AuthorNameFilter {
  firstName?: string;
  lastName?: string;
}

@Injectable()
export class AuthorsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  getByIds(ids: readonly number[]): Promise<AuthorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(authors)
      .where(inArray(authors.id, [...ids]));
  }

  /** The first author (by id) whose names equal the given ones; a name left out matches any. */
  async getFirstByName({ firstName, lastName }: AuthorNameFilter): Promise<AuthorRow | undefined> {
    const conditions: SQL[] = [];
    if (firstName !== undefined) conditions.push(eq(authors.firstName, firstName));
    if (lastName !== undefined) conditions.push(eq(authors.lastName, lastName));
    const [row] = await this.db
      .select()
      .from(authors)
      .where(and(...conditions))
      .orderBy(asc(authors.id))
      .limit(1);
    return row;
  }

  getPage(offset: number, limit: number): Promise<AuthorRow[]> {
    return this.db.select().from(authors).orderBy(asc(authors.id)).offset(offset).limit(limit);
  }

  /** The page and the number of all authors in one statement (a window count); total is undefined for an empty page. */
  async getPageWithTotal(offset: number, limit: number): Promise<{ rows: AuthorRow[]; total?: number }> {
    const rows = await this.db
      .select({ author: authors, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(authors)
      .orderBy(asc(authors.id))
      .offset(offset)
      .limit(limit);
    return { rows: rows.map((row) => row.author), total: rows[0]?.total };
  }

  count(): Promise<number> {
    return this.db.$count(authors);
  }
}
