// The default import is the module object itself, the one password-hasher.ts calls scrypt on.
import crypto from 'node:crypto';
import { ServiceUnavailableException } from '@nestjs/common';
import { HASHER_BUSY_MESSAGE, PasswordHasher } from './password-hasher';

/** Replaces scrypt with one that finishes only when told: counting is exact, not timing-based. */
function holdScrypt() {
  const held: Array<() => void> = [];
  const scrypt = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: unknown[]) => {
    const done = args.at(-1) as (error: Error | null, key: Buffer) => void;
    held.push(() => done(null, Buffer.alloc(32)));
  }) as unknown as typeof crypto.scrypt);
  return { scrypt, releaseAll: () => held.splice(0).forEach((release) => release()) };
}

const STORED = `scrypt$32768$8$3$${'a'.repeat(22)}$${'b'.repeat(43)}`;

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher({ concurrency: 2 });
  afterEach(() => jest.restoreAllMocks());

  it('should store a salted scrypt hash, never the password', async () => {
    const first = await sut.hash('alice-password');
    const second = await sut.hash('alice-password');

    expect(first).toMatch(/^scrypt-nfc\$32768\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(first).not.toContain('alice-password');
    expect(first).not.toBe(second);
  });

  it('should accept the right password and refuse a wrong one', async () => {
    const stored = await sut.hash('alice-password');

    await expect(sut.verify('alice-password', stored)).resolves.toBe(true);
    await expect(sut.verify('alice-passwore', stored)).resolves.toBe(false);
  });

  it('should take a password in either Unicode form for the same one (NFC)', async () => {
    const composed = 'caf\u00e9 cr\u00e8me';
    const decomposed = 'cafe\u0301 cre\u0300me';

    await expect(sut.verify(decomposed, await sut.hash(composed))).resolves.toBe(true);
    await expect(sut.verify(composed, await sut.hash(decomposed))).resolves.toBe(true);
  });

  it('should still accept a password hashed as it was typed, before passwords were normalized', async () => {
    const decomposed = 'cafe\u0301 cre\u0300me';
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync(decomposed, salt, 32, { N: 32768, r: 8, p: 3, maxmem: 64 * 1024 * 1024 });
    const legacy = `scrypt$32768$8$3$${salt.toString('base64url')}$${key.toString('base64url')}`;

    await expect(sut.verify(decomposed, legacy)).resolves.toBe(true);
    await expect(sut.verify('cafe\u0301 cre\u0300mE', legacy)).resolves.toBe(false);
  });

  it('should cost a password in another form one scrypt against a new hash and an unknown user alike', async () => {
    const stored = await sut.hash('caf\u00e9 cr\u00e8me');
    const scrypt = jest.spyOn(crypto, 'scrypt');

    await expect(sut.verify('cafe\u0301 cre\u0300mE', stored)).resolves.toBe(false);
    await expect(sut.verify('cafe\u0301 cre\u0300mE', undefined)).resolves.toBe(false);

    expect(scrypt).toHaveBeenCalledTimes(2);
  });

  it('should answer false for a missing or malformed hash', async () => {
    await expect(sut.verify('anything', undefined)).resolves.toBe(false);
    await expect(sut.verify('anything', 'md5$abc')).resolves.toBe(false);
  });

  it('should cost an unknown user one scrypt of the same parameters, and compute nothing in advance', async () => {
    const scrypt = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: unknown[]) => {
      const done = args.at(-1) as (error: Error | null, key: Buffer) => void;
      done(null, Buffer.alloc(32));
    }) as unknown as typeof crypto.scrypt);

    const hasher = new PasswordHasher({ concurrency: 2 });
    expect(scrypt).not.toHaveBeenCalled();
    await expect(hasher.verify('alice-password', undefined)).resolves.toBe(false);

    expect(scrypt).toHaveBeenCalledTimes(1);
    const [password, salt, keyLength, options] = scrypt.mock.calls[0] as unknown[];
    expect(password).toBe('alice-password');
    expect(salt).toHaveLength(16);
    expect(keyLength).toBe(32);
    expect(options).toMatchObject({ N: 32768, r: 8, p: 3 });
  });

  it('should never run more than its concurrency of hashes at once, however many logins arrive', async () => {
    // scrypt itself is replaced by one that finishes only when told: counting is exact, not timing-based.
    const held: Array<() => void> = [];
    let running = 0;
    let mostAtOnce = 0;
    const scrypt = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: unknown[]) => {
      const done = args.at(-1) as (error: Error | null, key: Buffer) => void;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      held.push(() => {
        running -= 1;
        done(null, Buffer.alloc(32));
      });
    }) as unknown as typeof crypto.scrypt);
    const hasher = new PasswordHasher({ concurrency: 3 });

    const flood = Array.from({ length: 50 }, (_, i) => hasher.verify(`guess-${i}`, STORED));
    const settled = Promise.all(flood);
    for (let released = 0; released < 50; released += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(3);
      held.shift()?.();
    }

    await expect(settled).resolves.toEqual(Array(50).fill(false));
    expect(scrypt).toHaveBeenCalledTimes(50);
    expect(mostAtOnce).toBe(3);
  });

  it('should refuse at once with a 503 when its queue is full, and hash nothing for it', async () => {
    const { scrypt, releaseAll } = holdScrypt();
    const hasher = new PasswordHasher({ concurrency: 1, queueLimit: 2 });
    const admitted = [hasher.verify('a', STORED), hasher.verify('b', STORED), hasher.verify('c', STORED)];
    await new Promise((resolve) => setImmediate(resolve));

    const refused = hasher.verify('d', STORED);

    await expect(refused).rejects.toThrow(new ServiceUnavailableException(HASHER_BUSY_MESSAGE));
    expect(hasher.queued).toBe(2);
    for (let i = 0; i < admitted.length; i += 1) {
      releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(admitted)).resolves.toEqual([false, false, false]);
    expect(scrypt).toHaveBeenCalledTimes(3);
  });

  it('should refuse a client at once past its share, and hash nothing for it, while others still queue', async () => {
    const { scrypt, releaseAll } = holdScrypt();
    const hasher = new PasswordHasher({ concurrency: 1, queueLimit: 10, perClientLimit: 2 });
    const flood = [
      hasher.verify('a', STORED, { client: 'flood' }),
      hasher.verify('b', STORED, { client: 'flood' }),
    ];
    await new Promise((resolve) => setImmediate(resolve));

    await expect(hasher.verify('c', STORED, { client: 'flood' })).rejects.toThrow(
      ServiceUnavailableException,
    );
    const someoneElse = hasher.verify('d', STORED, { client: 'someone' });

    expect(hasher.queued).toBe(2);
    for (let i = 0; i < 3; i += 1) {
      releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all([...flood, someoneElse])).resolves.toEqual([false, false, false]);
    expect(scrypt.mock.calls.map(([password]) => password)).toEqual(['a', 'b', 'd']);
  });

  it('should find the stored hash only once a slot is granted, and not at all for a refused caller', async () => {
    const { scrypt, releaseAll } = holdScrypt();
    const hasher = new PasswordHasher({ concurrency: 1, queueLimit: 0 });
    const find = jest.fn(() => Promise.resolve(STORED));
    const running = hasher.withSlot({}, async (check) => check('a', await find()));
    await new Promise((resolve) => setImmediate(resolve));

    const refused = hasher.withSlot({}, async (check) => check('b', await find()));

    await expect(refused).rejects.toThrow(new ServiceUnavailableException(HASHER_BUSY_MESSAGE));
    expect(find).toHaveBeenCalledTimes(1);
    releaseAll();
    await expect(running).resolves.toBe(false);
    expect(scrypt).toHaveBeenCalledTimes(1);
  });

  it('should never hash for a caller whose signal fired while it waited', async () => {
    const { scrypt, releaseAll } = holdScrypt();
    const hasher = new PasswordHasher({ concurrency: 1 });
    const running = hasher.verify('first', STORED);
    const caller = new AbortController();
    const abandoned = hasher.verify('second', STORED, { signal: caller.signal });
    await new Promise((resolve) => setImmediate(resolve));

    caller.abort(new Error('client gone'));
    releaseAll();

    await expect(abandoned).rejects.toThrow('client gone');
    await expect(running).resolves.toBe(false);
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(hasher.queued).toBe(0);
  });
});
