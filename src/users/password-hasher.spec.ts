import { PasswordHasher } from './password-hasher';

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher(2);

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
});
