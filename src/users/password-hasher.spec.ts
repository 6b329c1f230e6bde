// The default import is the module object itself, the one password-hasher.ts calls scrypt on.
import crypto from 'node:crypto';
import { PasswordHasher } from './password-hasher';

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher(2);
  afterEach(() => jest.restoreAllMocks());

  it('should store a salted scrypt hash, never the password', async () => {
    const first = await sut.hash('alice-password');
    const second = await sut.hash('alice-password');

    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(first).not.toContain('alice-password');
    expect(first).not.toBe(second);
  });

  it('should accept the right password and refuse a wrong one', async () => {
    const stored = await sut.hash('alice-password');

    await expect(sut.verify('alice-password', stored)).resolves.toBe(true);
    await expect(sut.verify('alice-passwore', stored)).resolves.toBe(false);
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

    const hasher = new PasswordHasher(2);
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
    const stored = `scrypt$32768$8$3$${'a'.repeat(22)}$${'b'.repeat(43)}`;
    const hasher = new PasswordHasher(3);

    const flood = Array.from({ length: 50 }, (_, i) => hasher.verify(`guess-${i}`, stored));
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
});
