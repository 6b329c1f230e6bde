import { UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';

describe(AuthService.name, () => {
  const jwt = new JwtService({
    secret: 'unit-test-secret-of-at-least-32-chars',
    signOptions: { expiresIn: 60 },
  });
  let users: jest.Mocked<Pick<UsersService, 'verifyCredentials'>>;
  let sut: AuthService;

  beforeEach(() => {
    users = { verifyCredentials: jest.fn() };
    sut = new AuthService(users as unknown as UsersService, jwt);
  });

  it('should sign a token with sub, username and roles', async () => {
    users.verifyCredentials.mockResolvedValue({ id: 2, username: 'bob', roles: ['user'] });

    const { access_token } = await sut.login({ username: 'bob', password: 'bob-password' });

    expect(jwt.verify(access_token)).toMatchObject({ sub: 2, username: 'bob', roles: ['user'] });
  });

  it('should refuse wrong credentials with a plain 401', async () => {
    users.verifyCredentials.mockResolvedValue(undefined);

    await expect(sut.login({ username: 'bob', password: 'nope' })).rejects.toThrow(UnauthorizedException);
  });
});
