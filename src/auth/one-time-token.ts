import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, 43 characters of base64url. */
const TOKEN_BYTES = 32;

/** What a token of ours looks like: anything else is refused before the database is asked. */
export const ONE_TIME_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new token for a link, and the hash the database keeps of it (the token itself is only in the mail). */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

// A fast hash is enough: the token is random, so a leaked hash gives nothing to guess from (as for refresh tokens).
export const hashOneTimeToken = (token: string) => createHash('sha256').update(token).digest('hex');
