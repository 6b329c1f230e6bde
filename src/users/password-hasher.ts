import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
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
export class PasswordHasher implements OnModuleInit {
  private readonly slots: Semaphore;
  // Verified against when the user does not exist, so both paths cost the same work.
  private decoy?: Promise<string>;

  constructor(@Optional() @Inject(PASSWORD_HASH_CONCURRENCY) concurrency = 2) {
    this.slots = new Semaphore(concurrency);
  }

  onModuleInit(): void {
    void this.decoyHash();
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.slots.run(() => derive(password, salt, COST));
    return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  }

  /** Compares in constant time. With no stored hash it still does the full work and answers false. */
  async verify(password: string, stored: string | undefined): Promise<boolean> {
    const parsed = parse(stored ?? (await this.decoyHash()));
    if (!parsed) return false;
    const key = await this.slots.run(() => derive(password, parsed.salt, parsed.cost));
    return stored !== undefined && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  private decoyHash(): Promise<string> {
    return (this.decoy ??= this.hash(randomBytes(16).toString('hex')));
  }
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
