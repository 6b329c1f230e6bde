import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Optional, ServiceUnavailableException } from '@nestjs/common';
import { Semaphore, SemaphoreFullError } from '../common/concurrency/semaphore';

// OWASP's scrypt settings with 32 MiB per hash: N=2^15, r=8, p=3.
const COST = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

export interface PasswordHasherLimits {
  /** Hashes computed at once (PASSWORD_HASH_CONCURRENCY). */
  concurrency: number;
  /** Hashes allowed to wait for a slot (PASSWORD_HASH_QUEUE_LIMIT); unbounded if left out. */
  queueLimit?: number;
  /** Hashes one client may have running or waiting (PASSWORD_HASH_CLIENT_LIMIT); unbounded if left out. */
  perClientLimit?: number;
}

/** Injection token of the PasswordHasherLimits; without it, 2 at once and no other limit (scripts, tests). */
export const PASSWORD_HASHER_LIMITS = Symbol('PASSWORD_HASHER_LIMITS');

export const HASHER_BUSY_MESSAGE = 'Too many password checks in progress, try again later';

/** Compares a password with a stored hash (undefined: the decoy, always false). */
export type PasswordCheck = (password: string, stored: string | undefined) => Promise<boolean>;

/** Who a hash is for: its client's address (counted against its share) and whether that client is still there. */
export interface HashCaller {
  client?: string;
  signal?: AbortSignal;
}

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Salted scrypt hashes of the password in NFC, stored as `scrypt-nfc$N$r$p$salt$hash` (base64url).
 * At most `concurrency` hashes run at once, so a login flood costs queueing, not memory; at most `queueLimit`
 * wait, so it cannot cost unbounded waiting either, and one client holds at most `perClientLimit` of those places,
 * so one source cannot fill the queue ahead of everyone else. Past a limit the caller gets a 503 at once (the error
 * filter adds Retry-After). A caller whose signal fires (its client has gone) leaves the queue and is never hashed.
 */
@Injectable()
export class PasswordHasher {
  private readonly slots: Semaphore;
  // Verified against when the user does not exist, so both paths cost one scrypt. Its key is random bytes rather
  // than the hash of anything: no password matches it, and nothing has to be computed at start.
  private readonly decoy = format(randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));

  constructor(
    @Optional()
    @Inject(PASSWORD_HASHER_LIMITS)
    { concurrency, queueLimit, perClientLimit }: PasswordHasherLimits = { concurrency: 2 },
  ) {
    this.slots = new Semaphore(concurrency, { maxWaiting: queueLimit, maxPerOwner: perClientLimit });
  }

  /** Hashes waiting for a slot. */
  get queued(): number {
    return this.slots.pending;
  }

  async hash(password: string, caller: HashCaller = {}): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.inSlot(caller, () => derive(normalizePassword(password), salt, COST));
    return format(salt, key);
  }

  /** Compares in constant time. With no stored hash it still does the full work and answers false. */
  verify(password: string, stored: string | undefined, caller: HashCaller = {}): Promise<boolean> {
    return this.withSlot(caller, (check) => check(password, stored));
  }

  /**
   * Runs `work` holding one hashing slot, and gives it `check`, which compares in that slot as `verify` does (call
   * it within `work` only). For a check that has to find the stored hash first: a login that the queue refuses, or
   * whose client goes while it waits, then costs no lookup either; under a flood those add up on the main thread.
   */
  withSlot<T>(caller: HashCaller, work: (check: PasswordCheck) => Promise<T>): Promise<T> {
    return this.inSlot(caller, () => work((password, stored) => this.compare(password, stored)));
  }

  private async compare(password: string, stored: string | undefined): Promise<boolean> {
    const parsed = parse(stored ?? this.decoy);
    if (!parsed) return false;
    const matches = async (candidate: string) => {
      const key = await derive(candidate, parsed.salt, parsed.cost);
      return stored !== undefined && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    };
    const canonical = normalizePassword(password);
    // A hash made before passwords were normalized is of the password as it was typed then: a second scrypt for
    // those only (the decoy is a new one), so that another form costs no one else twice the work.
    if (await matches(canonical)) return true;
    return parsed.asTyped && canonical !== password && matches(password);
  }

  private async inSlot<T>({ client, signal }: HashCaller, task: () => Promise<T>): Promise<T> {
    try {
      return await this.slots.run(task, { owner: client, signal });
    } catch (error) {
      if (error instanceof SemaphoreFullError) throw new ServiceUnavailableException(HASHER_BUSY_MESSAGE);
      throw error;
    }
  }
}

/**
 * One password whichever Unicode form a keyboard sends it in (`é` as one code point or as `e` and an accent):
 * NFC, as the PRECIS OpaqueString profile for passwords has it (RFC 8265 §4.2).
 */
export const normalizePassword = (password: string) => password.normalize('NFC');

// Hashes of the password in NFC; `scrypt` ones were made before, of the password as it was typed.
const SCHEME = 'scrypt-nfc';
const SCHEME_AS_TYPED = 'scrypt';

function format(salt: Buffer, key: Buffer): string {
  return [SCHEME, COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if ((scheme !== SCHEME && scheme !== SCHEME_AS_TYPED) || !salt || !key) return undefined;
  return {
    asTyped: scheme === SCHEME_AS_TYPED,
    cost: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}
