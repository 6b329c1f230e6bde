import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RefreshTokensRepository } from './refresh-tokens.repository';

/** Injection token: seconds a login's refresh tokens live (REFRESH_TOKEN_TTL). */
export const REFRESH_TOKEN_LIFETIME = Symbol('REFRESH_TOKEN_LIFETIME');

// 32 random bytes (256 bits) in base64url: 43 characters. Anything else cannot be one of ours.
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

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
  ) {}

  /**
   * A new family for a login: its first token; undefined when `passwordHash`, the hash the login's password was
   * checked against, is no longer the user's (changed since). Purges expired families on the way (logins are rare
   * enough).
   */
  async start(userId: number, passwordHash: string): Promise<string | undefined> {
    const token = newToken();
    const started = await this.repository.create({
      tokenHash: hashOf(token),
      familyId: randomUUID(),
      userId,
      passwordHash,
      lifetimeSeconds: this.lifetimeSeconds,
    });
    await this.repository.purgeExpired();
    return started ? token : undefined;
  }

  /**
   * Spends `token` and answers its successor with the user it belongs to; undefined when it is not a live token
   * (of `userId`, when given). A spent one revokes its family.
   */
  async rotate(token: string, userId?: number): Promise<{ userId: number; token: string } | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const next = newToken();
    const owner = await this.repository.rotate(hashOf(token), hashOf(next), userId);
    if (owner !== undefined) return { userId: owner, token: next };
    if (await this.repository.revokeFamilyIfSpent(hashOf(token), userId)) {
      this.logger.warn('A spent refresh token was presented again: its family is revoked');
    }
    return undefined;
  }

  /** Logout: the login `token` belongs to. Nothing for a token that is not ours. */
  async revokeFamilyOf(token: string): Promise<void> {
    if (TOKEN_SHAPE.test(token)) await this.repository.revokeFamilyOf(hashOf(token));
  }

  revokeAllOfUser(userId: number): Promise<void> {
    return this.repository.revokeAllOfUser(userId);
  }
}
