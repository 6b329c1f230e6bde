import { BadRequestException, ForbiddenException, ServiceUnavailableException } from '@nestjs/common';
import type { HashCaller, PasswordCheck, PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

describe(UsersService.name, () => {
  const alice = {
    id: 1,
    username: 'alice',
    email: 'alice@example.com',
    emailVerified: true,
    passwordHash: 'scrypt$stored',
    roles: ['admin' as const],
  };
  let repository: jest.Mocked<
    Pick<UsersRepository, 'getByUsername' | 'getByEmail' | 'getById' | 'create' | 'replacePasswordHash'>
  >;
  let hash: jest.Mock<Promise<string>, [string, HashCaller?]>;
  let check: jest.MockedFunction<PasswordCheck>;
  let withSlot: jest.Mock<Promise<unknown>, [HashCaller, (check: PasswordCheck) => Promise<unknown>]>;
  let sut: UsersService;

  beforeEach(() => {
    repository = {
      getByUsername: jest.fn(),
      getByEmail: jest.fn(),
      getById: jest.fn(),
      create: jest.fn(),
      replacePasswordHash: jest.fn().mockResolvedValue(true),
    };
    hash = jest.fn((password: string) => Promise.resolve(`scrypt$${password}`));
    check = jest.fn();
    // A hasher with a free slot: runs the work at once with its check.
    withSlot = jest.fn((_caller, work) => work(check));
    sut = new UsersService(
      repository as unknown as UsersRepository,
      { withSlot, hash } as unknown as PasswordHasher,
    );
  });

  it('should return the user and the hash its password was checked against, when the password matches', async () => {
    repository.getByUsername.mockResolvedValue(alice);
    check.mockResolvedValue(true);

    await expect(sut.verifyCredentials('alice', 'alice-password')).resolves.toEqual({
      id: 1,
      username: 'alice',
      email: 'alice@example.com',
      emailVerified: true,
      roles: ['admin'],
      passwordHash: 'scrypt$stored',
    });
    expect(check).toHaveBeenCalledWith('alice-password', 'scrypt$stored');
  });

  it('should return undefined when the password differs', async () => {
    repository.getByUsername.mockResolvedValue(alice);
    check.mockResolvedValue(false);

    await expect(sut.verifyCredentials('alice', 'wrong')).resolves.toBeUndefined();
  });

  it('should still run the password check for an unknown user, so timing does not tell', async () => {
    repository.getByUsername.mockResolvedValue(undefined);
    check.mockResolvedValue(false);

    await expect(sut.verifyCredentials('mallory', 'anything')).resolves.toBeUndefined();
    expect(check).toHaveBeenCalledWith('anything', undefined);
  });

  it('should spend no lookup and no hash on a password longer than any account has', async () => {
    await expect(sut.verifyCredentials('alice', 'x'.repeat(129))).resolves.toBeUndefined();
    expect(withSlot).not.toHaveBeenCalled();
    expect(repository.getByUsername).not.toHaveBeenCalled();
  });

  // Sign-up counts an emoji (two UTF-16 units) as one character: 128 of them make a valid password.
  it('should check a password of 128 characters however many UTF-16 units they take', async () => {
    repository.getByUsername.mockResolvedValue(alice);
    check.mockResolvedValue(true);

    await expect(sut.verifyCredentials('alice', '\u{1F600}'.repeat(128))).resolves.toMatchObject({ id: 1 });
    expect(check).toHaveBeenCalled();
  });

  it('should look the user up inside the hashing slot, for the caller (its address and AbortSignal)', async () => {
    const caller = { client: '203.0.113.1', signal: new AbortController().signal };
    repository.getByUsername.mockResolvedValue(alice);
    check.mockResolvedValue(false);

    await sut.verifyCredentials('alice', 'wrong', caller);

    expect(withSlot).toHaveBeenCalledWith(caller, expect.any(Function));
    expect(repository.getByUsername).toHaveBeenCalledWith('alice');
  });

  it('should not look the user up when the hasher refuses the caller', async () => {
    const busy = new ServiceUnavailableException();
    withSlot.mockRejectedValue(busy);

    await expect(sut.verifyCredentials('alice', 'alice-password', { client: '203.0.113.1' })).rejects.toBe(
      busy,
    );
    expect(repository.getByUsername).not.toHaveBeenCalled();
  });

  describe('create', () => {
    it('should refuse a taken name with 409 before spending a hash on it', async () => {
      repository.getByUsername.mockResolvedValue(alice);

      await expect(sut.create('alice', 'new@example.com', 'a long passphrase')).rejects.toThrow(
        'username or email is taken',
      );
      expect(hash).not.toHaveBeenCalled();
      expect(repository.create).not.toHaveBeenCalled();
    });

    it('should refuse a taken e-mail with the same 409, before spending a hash on it', async () => {
      repository.getByEmail.mockResolvedValue(alice);

      await expect(sut.create('carol', 'ALICE@example.com', 'a long passphrase')).rejects.toThrow(
        'username or email is taken',
      );
      expect(hash).not.toHaveBeenCalled();
    });

    it('should answer 409 when the name was taken meanwhile (the insert did nothing)', async () => {
      repository.getByUsername.mockResolvedValue(undefined);
      repository.create.mockResolvedValue(undefined);

      await expect(sut.create('carol', 'carol@example.com', 'a long passphrase')).rejects.toThrow(
        'username or email is taken',
      );
    });

    it('should store the hash, never the password, and answer the account', async () => {
      repository.getByUsername.mockResolvedValue(undefined);
      const carol = { id: 3, username: 'carol', email: 'carol@example.com', emailVerified: false };
      repository.create.mockResolvedValue({ ...carol, passwordHash: 'h', roles: ['user'] });

      await expect(
        sut.create('carol', 'carol@example.com', 'a long passphrase', { client: '203.0.113.1' }),
      ).resolves.toEqual({ ...carol, roles: ['user'] });
      expect(hash).toHaveBeenCalledWith('a long passphrase', { client: '203.0.113.1' });
      expect(repository.create).toHaveBeenCalledWith({
        username: 'carol',
        email: 'carol@example.com',
        passwordHash: 'scrypt$a long passphrase',
      });
    });
  });

  describe('changePassword', () => {
    it('should answer 403 for a wrong current password, and hash nothing new', async () => {
      repository.getById.mockResolvedValue(alice);
      check.mockResolvedValue(false);

      await expect(sut.changePassword(1, 'wrong', 'a new passphrase')).rejects.toThrow(ForbiddenException);
      expect(hash).not.toHaveBeenCalled();
      expect(repository.replacePasswordHash).not.toHaveBeenCalled();
    });

    it('should refuse the username as the new password with 400', async () => {
      repository.getById.mockResolvedValue({ ...alice, username: 'alice-liddell' });
      check.mockResolvedValue(true);

      await expect(sut.changePassword(1, 'alice-password', 'Alice-Liddell')).rejects.toThrow(
        BadRequestException,
      );
      expect(repository.replacePasswordHash).not.toHaveBeenCalled();
    });

    it('should store the hash of the new password', async () => {
      repository.getById.mockResolvedValue(alice);
      check.mockResolvedValue(true);

      await sut.changePassword(1, 'alice-password', 'a new passphrase');

      expect(check).toHaveBeenCalledWith('alice-password', 'scrypt$stored');
      expect(repository.replacePasswordHash).toHaveBeenCalledWith(
        1,
        'scrypt$stored',
        'scrypt$a new passphrase',
      );
    });

    it('should answer 403 when another change replaced the password it checked meanwhile', async () => {
      repository.getById.mockResolvedValue(alice);
      check.mockResolvedValue(true);
      repository.replacePasswordHash.mockResolvedValue(false);

      await expect(sut.changePassword(1, 'alice-password', 'a new passphrase')).rejects.toThrow(
        new ForbiddenException('current_password is not the password of this account'),
      );
    });
  });
});
