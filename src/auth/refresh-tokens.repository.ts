import { Injectable } from '@nestjs/common';
import { and, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
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

/**
 * Written so that a password change (the user's UPDATE, then revokeAllOfUser) ends every login, whatever runs
 * beside it: a login's family holds a share lock on the user's row, which the UPDATE takes exclusively, so it is
 * made before the UPDATE (and revoked after it) or not at all; a refresh changes its family's row in place, which
 * the revocation then deletes, rather than adding one the revocation's snapshot might not see.
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
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /**
   * Spends `oldHash`, the live token of `familyId` (and of `userId`, if given), for `newHash`: the user of the new
   * token, or undefined. Within `graceSeconds` of the last rotation, the token it spent may be spent again (a
   * retry). One UPDATE: of two calls racing with one token, the row lock lets exactly one match.
   */
  async rotate(
    familyId: string,
    oldHash: string,
    newHash: string,
    { userId, graceSeconds = 0 }: { userId?: number; graceSeconds?: number } = {},
  ): Promise<number | undefined> {
    const isLive = eq(refreshTokens.tokenHash, oldHash);
    const isRetry =
      graceSeconds > 0
        ? and(
            eq(refreshTokens.previousTokenHash, oldHash),
            gt(refreshTokens.rotatedAt, sql`now() - make_interval(secs => ${graceSeconds})`),
          )
        : undefined;
    const [rotated] = await this.db
      .update(refreshTokens)
      .set({
        tokenHash: newHash,
        // A retry keeps the rotation it retries as the last one, so the grace runs from the first refresh.
        previousTokenHash: sql`case when ${isLive} then ${refreshTokens.tokenHash} else ${refreshTokens.previousTokenHash} end`,
        rotatedAt: sql`case when ${isLive} then now() else ${refreshTokens.rotatedAt} end`,
      })
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          isRetry ? or(isLive, isRetry) : isLive,
          gt(refreshTokens.expiresAt, sql`now()`),
          this.ofUser(userId),
        ),
      )
      .returning({ userId: refreshTokens.userId });
    return rotated?.userId;
  }

  /** Reuse detection: deletes `familyId` (of `userId`, if given) when it is live; whether it was. */
  async revokeLiveFamily(familyId: string, userId?: number): Promise<boolean> {
    const deleted = await this.db
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          gt(refreshTokens.expiresAt, sql`now()`),
          this.ofUser(userId),
        ),
      )
      .returning({ id: refreshTokens.id });
    return deleted.length > 0;
  }

  /** Logout. */
  async revokeFamily(familyId: string): Promise<void> {
    await this.db.delete(refreshTokens).where(eq(refreshTokens.familyId, familyId));
  }

  async revokeAllOfUser(userId: number): Promise<void> {
    await this.db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  }

  /** Deletes the expired families: how many. */
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
