import { ServiceUnavailableException } from '@nestjs/common';
import type { HashCaller, PasswordCheck, PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

describe(UsersService.name, () => {
  const alice = { id: 1, username: 'alice', passwordHash: 'scrypt$stored', roles: ['admin' as const] };
  let repository: jest.Mocked<Pick<UsersRepository, 'getByUsername'>>;
  let check: jest.MockedFunction<PasswordCheck>;
  let withSlot: jest.Mock<Promise<unknown>, [HashCaller, (check: PasswordCheck) => Promise<unknown>]>;
  let sut: UsersService;

  beforeEach(() => {
    repository = { getByUsername: jest.fn() };
    check = jest.fn();
    // A hasher with a free slot: runs the work at once with its check.
    withSlot = jest.fn((_caller, work) => work(check));
    sut = new UsersService(
      repository as unknown as UsersRepository,
      { withSlot } as unknown as PasswordHasher,
    );
  });

  it('should return the user, without its hash, when the password matches', async () => {
    repository.getByUsername.mockResolvedValue(alice);
    check.mockResolvedValue(true);

    await expect(sut.verifyCredentials('alice', 'alice-password')).resolves.toEqual({
      id: 1,
      username: 'alice',
      roles: ['admin'],
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
});
