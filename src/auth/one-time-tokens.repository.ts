import { Injectable } from '@nestjs/common';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import { oneTimeTokens, type OneTimeTokenPurpose, type OneTimeTokenRow } from './one-time-tokens.table';

export interface NewOneTimeToken {
  tokenHash: string;
  purpose: OneTimeTokenPurpose;
  userId: number;
  email?: string;
  /** Seconds from now (the database's clock) to its expiry. */
  lifetimeSeconds: number;
}

@Injectable()
export class OneTimeTokensRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Adds the token, and purges expired ones on the way (links are rare enough). */
  async create({ tokenHash, purpose, userId, email, lifetimeSeconds }: NewOneTimeToken): Promise<void> {
    await this.db.insert(oneTimeTokens).values({
      tokenHash,
      purpose,
      userId,
      email,
      expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
    });
    await this.db.delete(oneTimeTokens).where(lte(oneTimeTokens.expiresAt, sql`now()`));
  }

  /** The live token of this hash and purpose, left in place. */
  async find(tokenHash: string, purpose: OneTimeTokenPurpose): Promise<OneTimeTokenRow | undefined> {
    const [row] = await this.db.select().from(oneTimeTokens).where(this.live(tokenHash, purpose)).limit(1);
    return row;
  }

  /** Uses the token: deleted and returned when live. One statement, so of two uses racing only one gets it. */
  async consume(tokenHash: string, purpose: OneTimeTokenPurpose): Promise<OneTimeTokenRow | undefined> {
    const [row] = await this.db.delete(oneTimeTokens).where(this.live(tokenHash, purpose)).returning();
    return row;
  }

  /** Every token of the user for `purpose` (but `except`'s). */
  async deleteAllOfUser(userId: number, purpose: OneTimeTokenPurpose, except?: string): Promise<void> {
    await this.db
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          except === undefined ? undefined : ne(oneTimeTokens.tokenHash, except),
        ),
      );
  }

  private live(tokenHash: string, purpose: OneTimeTokenPurpose) {
    return and(
      eq(oneTimeTokens.tokenHash, tokenHash),
      eq(oneTimeTokens.purpose, purpose),
      gt(oneTimeTokens.expiresAt, sql`now()`),
    );
  }
}
