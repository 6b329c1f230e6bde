import { Injectable } from '@nestjs/common';
import { asc, count, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { authors } from '../authors/authors.table';
import { type Database, InjectDatabase } from '../database/database.types';
import { type NewPostRow, type PostRow, posts } from './posts.table';

export interface AuthorPostStats {
  postCount: number;
  /** A post without votes counts 0. */
  totalVotes: number;
}

export interface AuthorPostVotes {
  /** null: the author exists but has no post (the one row of the left join). */
  postId: number | null;
  votes: number | null;
}

@Injectable()
export class PostsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async getById(id: number): Promise<PostRow | undefined> {
    const [row] = await this.db.select().from(posts).where(eq(posts.id, id));
    return row;
  }

  /** The posts with these ids, in no particular order (the service puts them in the order asked): one statement. */
  getByIds(ids: readonly number[]): Promise<PostRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(posts)
      .where(inArray(posts.id, [...ids]));
  }

  getPage(offset: number, limit: number): Promise<PostRow[]> {
    return this.db.select().from(posts).orderBy(asc(posts.id)).offset(offset).limit(limit);
  }

  count(): Promise<number> {
    return this.db.$count(posts);
  }

  /**
   * The first `limit` posts (by id) of each of these authors, in one statement (the DataLoader batch). A lateral
   * join reads at most `limit` rows per author along the (author_id, id) index, however many they wrote.
   */
  getFirstByAuthorIds(authorIds: readonly number[], limit: number): Promise<PostRow[]> {
    if (authorIds.length === 0) return Promise.resolve([]);
    const first = this.db
      .select()
      .from(posts)
      .where(eq(posts.authorId, authors.id))
      .orderBy(asc(posts.id))
      .limit(limit)
      .as('first_posts');
    return this.db
      .select({ id: first.id, title: first.title, votes: first.votes, authorId: first.authorId })
      .from(authors)
      .crossJoinLateral(first)
      .where(inArray(authors.id, [...authorIds]))
      .orderBy(asc(first.id));
  }

  /**
   * One row per post of the author among their first `limit`, one row with a null post when they have none, no row
   * when no such author.
   */
  getVotesOfAuthor(authorId: number, limit: number): Promise<AuthorPostVotes[]> {
    return this.db
      .select({ postId: posts.id, votes: posts.votes })
      .from(authors)
      .leftJoin(posts, eq(posts.authorId, authors.id))
      .where(eq(authors.id, authorId))
      .orderBy(asc(posts.id))
      .limit(limit);
  }

  /** Counted in SQL over every post of the author (nothing read into memory); undefined when no such author. */
  async getStatsOfAuthor(authorId: number): Promise<AuthorPostStats | undefined> {
    const [row] = await this.db
      .select({
        postCount: count(posts.id),
        totalVotes: sql<number>`coalesce(sum(${posts.votes}), 0)`.mapWith(Number),
      })
      .from(authors)
      .leftJoin(posts, eq(posts.authorId, authors.id))
      .where(eq(authors.id, authorId))
      .groupBy(authors.id);
    return row;
  }

  /** How many authors have more votes in total than `totalVotes` (a post without votes counts 0). */
  async countAuthorsWithMoreVotes(totalVotes: number): Promise<number> {
    const totals = this.db
      .select({ total: sql<number>`sum(coalesce(${posts.votes}, 0))`.as('total') })
      .from(posts)
      .groupBy(posts.authorId)
      .as('totals');
    const [row] = await this.db.select({ count: count() }).from(totals).where(gt(totals.total, totalVotes));
    return row?.count ?? 0;
  }

  /** Inserts the post and, in the same transaction, runs what `announce` makes of it (a NOTIFY): both or neither. */
  create(values: NewPostRow, announce: (row: PostRow) => SQL): Promise<PostRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(posts).values(values).returning();
      await tx.execute(announce(row));
      return row;
    });
  }

  /** Atomic: concurrent upvotes all count. Undefined when there is no such post. */
  async incrementVotes(id: number): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({ votes: sql`coalesce(${posts.votes}, 0) + 1` })
      .where(eq(posts.id, id))
      .returning();
    return row;
  }
}
