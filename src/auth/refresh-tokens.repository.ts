import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import { users } from '../users/users.table';
import { refreshTokens } from './refresh-tokens.table';

export interface NewFamily {
  tokenHash: string;
  familyId: string;
  userId: number;
  /** The user's password hash the login checked: the family starts only while it is still the user's. */
  passwordHash: string;
  /** Seconds from now (the database's clock, shared by every instance) to the family's expiry. */
  lifetimeSeconds: number;
}

/** Spent tokens a family keeps for reuse detection: its last rotations, not one row per refresh for 30 days. */
export const SPENT_TOKENS_KEPT = 100;

/**
 * Written so that a password change (the user's UPDATE, then revokeAllOfUser) ends every login, whatever runs
 * beside it: a login's family holds a share lock on the user's row, which the UPDATE takes exclusively, so it is
 * made before the UPDATE (and revoked after it) or not at all; a refresh changes its family's live row in place,
 * which the revocation then deletes, rather than adding one the revocation's snapshot might not see.
 */
@Injectable()
export class RefreshTokensRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The family's first token, unless `passwordHash` is no longer the user's: whether it was made. */
  async create({ tokenHash, familyId, userId, passwordHash, lifetimeSeconds }: NewFamily): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into ${refreshTokens} (token_hash, family_id, user_id, expires_at)
      select ${tokenHash}, ${familyId}, ${users.id}, now() + make_interval(secs => ${lifetimeSeconds})
      from ${users}
      where ${users.id} = ${userId} and ${users.passwordHash} = ${passwordHash}
      for share
      returning id`);
    return rowsOf(result).length > 0;
  }

  /**
   * Spends the live token `oldHash`: its row takes `newHash` (so whatever revokes the family by its rows finds the
   * live one, however the two race), `oldHash` is kept in a spent row for reuse detection, and the family's spent
   * rows past the last SPENT_TOKENS_KEPT go. One statement, so a refresh is all or nothing, and of two calls racing
   * with one token the row lock lets exactly one UPDATE match: exactly one gets a new token.
   * `userId`: only a token of this user (undefined: any). The user of the new token, or undefined.
   */
  async rotate(oldHash: string, newHash: string, userId?: number): Promise<number | undefined> {
    // Plain SQL: Drizzle's INSERT … SELECT lists every column, and a SELECT cannot say DEFAULT for the id.
    const sameUser = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
    // The statement's snapshot does not see the row it inserts: the delete keeps one row fewer of those before.
    const result = await this.db.execute(sql`
      with live as (
        update ${refreshTokens} set token_hash = ${newHash}
        where token_hash = ${oldHash} and spent_at is null and expires_at > now() ${sameUser}
        returning family_id, user_id, expires_at
      ), spent as (
        insert into ${refreshTokens} (token_hash, family_id, user_id, expires_at, spent_at)
        select ${oldHash}, family_id, user_id, expires_at, now() from live
        returning user_id
      ), pruned as (
        delete from ${refreshTokens}
        where family_id = (select family_id from live) and spent_at is not null and id <= (
          select id from ${refreshTokens} where family_id = (select family_id from live) and spent_at is not null
          order by id desc offset ${SPENT_TOKENS_KEPT - 1} limit 1)
      )
      select user_id from spent`);
    return rowsOf<{ user_id: number }>(result)[0]?.user_id;
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

/** The rows of a plain SQL statement, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
