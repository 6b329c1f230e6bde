import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import { refreshTokens } from './refresh-tokens.table';

export interface NewFamily {
  tokenHash: string;
  familyId: string;
  userId: number;
  /** Seconds from now (the database's clock, shared by every instance) to the family's expiry. */
  lifetimeSeconds: number;
}

@Injectable()
export class RefreshTokensRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async create({ tokenHash, familyId, userId, lifetimeSeconds }: NewFamily): Promise<void> {
    await this.db.insert(refreshTokens).values({
      tokenHash,
      familyId,
      userId,
      expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
    });
  }

  /**
   * Spends the live token `oldHash` and adds `newHash` to its family, in one statement: of two calls racing with
   * one token, the row lock lets exactly one UPDATE match (`spent_at IS NULL`), so exactly one gets a new token.
   * `userId`: only a token of this user (undefined: any). The user of the new token, or undefined.
   */
  async rotate(oldHash: string, newHash: string, userId?: number): Promise<number | undefined> {
    // Plain SQL: Drizzle's INSERT … SELECT lists every column, and a SELECT cannot say DEFAULT for the id.
    const sameUser = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
    const result = await this.db.execute(sql`
      with spent as (
        update ${refreshTokens} set spent_at = now()
        where token_hash = ${oldHash} and spent_at is null and expires_at > now() ${sameUser}
        returning family_id, user_id, expires_at
      )
      insert into ${refreshTokens} (token_hash, family_id, user_id, expires_at)
      select ${newHash}, family_id, user_id, expires_at from spent
      returning user_id`);
    const [row] = (result as unknown as { rows: Array<{ user_id: number }> }).rows;
    return row?.user_id;
  }

  /** Reuse detection: when `tokenHash` is a spent token (of `userId`, if given), deletes its whole family. */
  async revokeFamilyIfSpent(tokenHash: string, userId?: number): Promise<boolean> {
    const family = this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(eq(refreshTokens.tokenHash, tokenHash), isNotNull(refreshTokens.spentAt), this.ofUser(userId)),
      );
    const deleted = await this.db
      .delete(refreshTokens)
      .where(inArray(refreshTokens.familyId, family))
      .returning({ id: refreshTokens.id });
    return deleted.length > 0;
  }

  /** Logout: the family of `tokenHash`, spent or not. */
  async revokeFamilyOf(tokenHash: string): Promise<void> {
    const family = this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    await this.db.delete(refreshTokens).where(inArray(refreshTokens.familyId, family));
  }

  async revokeAllOfUser(userId: number): Promise<void> {
    await this.db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  }

  /** Expired families go whole: every row of a family shares its expiry. The number of rows deleted. */
  async purgeExpired(): Promise<number> {
    const deleted = await this.db
      .delete(refreshTokens)
      .where(lte(refreshTokens.expiresAt, sql`now()`))
      .returning({ id: refreshTokens.id });
    return deleted.length;
  }

  private ofUser(userId: number | undefined): SQL | undefined {
    return userId === undefined ? undefined : eq(refreshTokens.userId, userId);
  }
}
