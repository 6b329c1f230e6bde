import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RefreshTokensRepository } from './refresh-tokens.repository';

/** Injection token: seconds a login's refresh tokens live (REFRESH_TOKEN_TTL). */
export const REFRESH_TOKEN_LIFETIME = Symbol('REFRESH_TOKEN_LIFETIME');

// A token is its family's id (16 bytes) and 32 random bytes (256 bits), in base64url: 64 characters. The family
// in it is what makes any spent token of a family known as one, without a row per spent token.
const FAMILY_BYTES = 16;
const SECRET_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{64}$/;

const newToken = (familyId: string) =>
  Buffer.concat([Buffer.from(familyId.replaceAll('-', ''), 'hex'), randomBytes(SECRET_BYTES)]).toString(
    'base64url',
  );

/** The family `token` names, as a UUID; undefined when it cannot be one of ours. */
function familyOf(token: string): string | undefined {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const hex = Buffer.from(token, 'base64url').subarray(0, FAMILY_BYTES).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
  ) {}

  /**
   * A new family for a login: its first token; undefined when `passwordHash`, the hash the login's password was
   * checked against, is no longer the user's (changed since). Purges expired families on the way (logins are rare
   * enough).
   */
  async start(userId: number, passwordHash: string): Promise<string | undefined> {
    const familyId = randomUUID();
    const token = newToken(familyId);
    const started = await this.repository.create({
      tokenHash: hashOf(token),
      familyId,
      userId,
      passwordHash,
      lifetimeSeconds: this.lifetimeSeconds,
    });
    await this.repository.purgeExpired();
    return started ? token : undefined;
  }

  /**
   * Spends `token` and answers its successor with the user it belongs to; undefined when it is not the live token
   * of a family (of `userId`, when given). Any other token naming a live family is a spent one: the family goes.
   */
  async rotate(token: string, userId?: number): Promise<{ userId: number; token: string } | undefined> {
    const familyId = familyOf(token);
    if (!familyId) return undefined;
    const next = newToken(familyId);
    const owner = await this.repository.rotate(familyId, hashOf(token), hashOf(next), userId);
    if (owner !== undefined) return { userId: owner, token: next };
    if (await this.repository.revokeLiveFamily(familyId, userId)) {
      this.logger.warn('A spent refresh token was presented again: its family is revoked');
    }
    return undefined;
  }

  /** Logout: the login `token` belongs to. Nothing for a token that is not ours. */
  async revokeFamilyOf(token: string): Promise<void> {
    const familyId = familyOf(token);
    if (familyId) await this.repository.revokeFamily(familyId);
  }

  revokeAllOfUser(userId: number): Promise<void> {
    return this.repository.revokeAllOfUser(userId);
  }
}
