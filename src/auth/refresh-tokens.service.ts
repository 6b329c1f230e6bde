import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RefreshTokensRepository } from './refresh-tokens.repository';

/** Injection token: seconds a login's refresh tokens live (REFRESH_TOKEN_TTL). */
export const REFRESH_TOKEN_LIFETIME = Symbol('REFRESH_TOKEN_LIFETIME');

/** Injection token: REFRESH_REUSE_GRACE_SECONDS, how long the token a refresh spent still counts as a retry. */
export const REFRESH_REUSE_GRACE = Symbol('REFRESH_REUSE_GRACE');

// A token is its family's secret (16 random bytes) and 32 more random bytes (256 bits), in base64url: 64
// characters. The family in it is what makes any spent token of a family known as one, without a row per spent
// token; the database keeps only a hash of it (familyIdOf), so that reading the table is not enough to end a login.
const FAMILY_BYTES = 16;
const SECRET_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{64}$/;

const newToken = (family: Buffer) => Buffer.concat([family, randomBytes(SECRET_BYTES)]).toString('base64url');

/** The `family_id` of a family's secret: the first 16 bytes of its SHA-256, as a UUID. */
function familyIdOf(family: Buffer): string {
  const hex = createHash('sha256').update(family).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The family secret `token` carries; undefined when it cannot be one of ours. */
function familyOf(token: string): Buffer | undefined {
  return TOKEN_SHAPE.test(token) ? Buffer.from(token, 'base64url').subarray(0, FAMILY_BYTES) : undefined;
}

// A fast hash is enough: the token is random, not a password, so there is nothing to guess from a leaked hash.
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opaque refresh tokens, rotated on each use with reuse detection (RFC 9700 §4.14): a login starts a family that
 * expires REFRESH_TOKEN_TTL after it; presenting a token already spent deletes its family, so whoever holds the
 * latest one (the user or a thief) has to log in again.
 */
@Injectable()
export class RefreshTokensService {
  private readonly logger = new Logger(RefreshTokensService.name);

  constructor(
    private readonly repository: RefreshTokensRepository,
    @Inject(REFRESH_TOKEN_LIFETIME) private readonly lifetimeSeconds: number,
    @Inject(REFRESH_REUSE_GRACE) private readonly graceSeconds: number,
  ) {}

  /**
   * A new family for a login: its first token; undefined when `passwordHash`, the hash the login's password was
   * checked against, is no longer the user's (changed since). Purges expired families on the way (logins are rare
   * enough).
   */
  async start(userId: number, passwordHash: string): Promise<string | undefined> {
    const family = randomBytes(FAMILY_BYTES);
    const token = newToken(family);
    const started = await this.repository.create({
      tokenHash: hashOf(token),
      familyId: familyIdOf(family),
      userId,
      passwordHash,
      lifetimeSeconds: this.lifetimeSeconds,
    });
    await this.repository.purgeExpired();
    return started ? token : undefined;
  }

  /**
   * Spends `token` and answers its successor with the user it belongs to; undefined when it is not the live token
   * of a family (of `userId`, when given). The token the last refresh spent, presented again within
   * REFRESH_REUSE_GRACE_SECONDS of it, is a client retrying a refresh whose answer it lost: it gets a fresh token of
   * the family (the one it lost stops working). Any other token naming a live family is a spent one: the family goes.
   */
  async rotate(token: string, userId?: number): Promise<{ userId: number; token: string } | undefined> {
    const family = familyOf(token);
    if (!family) return undefined;
    const familyId = familyIdOf(family);
    const next = newToken(family);
    const owner = await this.repository.rotate(familyId, hashOf(token), hashOf(next), {
      userId,
      graceSeconds: this.graceSeconds,
    });
    if (owner !== undefined) return { userId: owner, token: next };
    if (await this.repository.revokeLiveFamily(familyId, userId)) {
      this.logger.warn('A spent refresh token was presented again: its family is revoked');
    }
    return undefined;
  }

  /** Logout: the login `token` belongs to. Nothing for a token that is not ours. */
  async revokeFamilyOf(token: string): Promise<void> {
    const family = familyOf(token);
    if (family) await this.repository.revokeFamily(familyIdOf(family));
  }

  revokeAllOfUser(userId: number): Promise<void> {
    return this.repository.revokeAllOfUser(userId);
  }
}
