import { PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

describe(UsersService.name, () => {
  const alice = { id: 1, username: 'alice', passwordHash: 'scrypt$stored' };
  let repository: jest.Mocked<Pick<UsersRepository, 'getByUsername'>>;
  let hasher: jest.Mocked<Pick<PasswordHasher, 'verify'>>;
  let sut: UsersService;

  beforeEach(() => {
    repository = { getByUsername: jest.fn() };
    hasher = { verify: jest.fn() };
    sut = new UsersService(repository as unknown as UsersRepository, hasher as unknown as PasswordHasher);
  });

  it('should return the user, without its hash, when the password matches', async () => {
    repository.getByUsername.mockResolvedValue(alice);
    hasher.verify.mockResolvedValue(true);

    await expect(sut.verifyCredentials('alice', 'alice-password')).resolves.toEqual({
      id: 1,
      username: 'alice',
    });
    expect(hasher.verify).toHaveBeenCalledWith('alice-password', 'scrypt$stored');
  });

  it('should return undefined when the password differs', async () => {
    repository.getByUsername.mockResolvedValue(alice);
    hasher.verify.mockResolvedValue(false);

    await expect(sut.verifyCredentials('alice', 'wrong')).resolves.toBeUndefined();
  });

  it('should still run the password check for an unknown user, so timing does not tell', async () => {
    repository.getByUsername.mockResolvedValue(undefined);
    hasher.verify.mockResolvedValue(false);

    await expect(sut.verifyCredentials('mallory', 'anything')).resolves.toBeUndefined();
    expect(hasher.verify).toHaveBeenCalledWith('anything', undefined);
  });
});
