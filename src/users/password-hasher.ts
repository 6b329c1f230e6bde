import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Semaphore } from '../common/concurrency/semaphore';

// OWASP's scrypt settings with 32 MiB per hash: N=2^15, r=8, p=3.
const COST = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

export const PASSWORD_HASH_CONCURRENCY = Symbol('PASSWORD_HASH_CONCURRENCY');

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Salted scrypt hashes, stored as `scrypt$N$r$p$salt$hash` (base64url).
 * At most `concurrency` hashes run at once, so a login flood costs queueing, not memory.
 */
@Injectable()
export class PasswordHasher {
  private readonly slots: Semaphore;
  // Verified against when the user does not exist, so both paths cost one scrypt. Its key is random bytes rather
  // than the hash of anything: no password matches it, and nothing has to be computed at start.
  private readonly decoy = format(randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));

  constructor(@Optional() @Inject(PASSWORD_HASH_CONCURRENCY) concurrency = 2) {
    this.slots = new Semaphore(concurrency);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.slots.run(() => derive(password, salt, COST));
    return format(salt, key);
  }

  /** Compares in constant time. With no stored hash it still does the full work and answers false. */
  async verify(password: string, stored: string | undefined): Promise<boolean> {
    const parsed = parse(stored ?? this.decoy);
    if (!parsed) return false;
    const key = await this.slots.run(() => derive(password, parsed.salt, parsed.cost));
    return stored !== undefined && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }
}

function format(salt: Buffer, key: Buffer): string {
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  return {
    cost: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}
