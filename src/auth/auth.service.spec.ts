import { UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { UsersService } from '../users/users.service';
import { AccountService } from './account.service';
import { AuthService } from './auth.service';
import { RefreshTokensService } from './refresh-tokens.service';

describe(AuthService.name, () => {
  const jwt = new JwtService({
    secret: 'unit-test-secret-of-at-least-32-chars',
    signOptions: { expiresIn: 60 },
  });
  const bob = {
    id: 2,
    username: 'bob',
    email: 'bob@example.com',
    emailVerified: true,
    roles: ['user' as const],
  };
  const verifiedBob = { ...bob, passwordHash: 'scrypt$bob' };
  let users: jest.Mocked<Pick<UsersService, 'verifyCredentials' | 'findById' | 'changePassword'>>;
  let refreshTokens: jest.Mocked<Pick<RefreshTokensService, 'start' | 'rotate' | 'revokeAllOfUser'>>;
  let sut: AuthService;

  beforeEach(() => {
    users = { verifyCredentials: jest.fn(), findById: jest.fn(), changePassword: jest.fn() };
    refreshTokens = { start: jest.fn(), rotate: jest.fn(), revokeAllOfUser: jest.fn() };
    sut = new AuthService(
      users as unknown as UsersService,
      jwt,
      refreshTokens as unknown as RefreshTokensService,
      {} as AccountService,
      60,
      false,
    );
  });

  it('should answer the RFC 6749 pair, its access token with sub, username and roles', async () => {
    users.verifyCredentials.mockResolvedValue(verifiedBob);
    refreshTokens.start.mockResolvedValue('first-refresh-token');

    const pair = await sut.login({ username: 'bob', password: 'bob-password' });

    expect(pair).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 60,
      refresh_token: 'first-refresh-token',
    });
    expect(jwt.verify(pair.access_token)).toMatchObject({ sub: 2, username: 'bob', roles: ['user'] });
    expect(refreshTokens.start).toHaveBeenCalledWith(2, 'scrypt$bob');
  });

  it('should refuse a login whose password was changed while it was checked: 401, as the next attempt gets', async () => {
    users.verifyCredentials.mockResolvedValue(verifiedBob);
    refreshTokens.start.mockResolvedValue(undefined);

    await expect(sut.login({ username: 'bob', password: 'bob-password' })).rejects.toThrow(
      UnauthorizedException,
    );
  });

  it('should refuse wrong credentials with a plain 401, and start no login', async () => {
    users.verifyCredentials.mockResolvedValue(undefined);

    await expect(sut.login({ username: 'bob', password: 'nope' })).rejects.toThrow(UnauthorizedException);
    expect(refreshTokens.start).not.toHaveBeenCalled();
  });

  it("should sign a refreshed access token with the user's current roles", async () => {
    refreshTokens.rotate.mockResolvedValue({ userId: 2, token: 'next' });
    users.findById.mockResolvedValue({ ...bob, roles: ['user', 'admin'] });

    const pair = await sut.refresh('presented');

    expect(jwt.verify(pair.access_token)).toMatchObject({ sub: 2, roles: ['user', 'admin'] });
    expect(pair.refresh_token).toBe('next');
    expect(refreshTokens.rotate).toHaveBeenCalledWith('presented', undefined);
  });

  it('should bind a refresh to the user of an access token sent along, even an expired one', async () => {
    const iat = Math.floor(Date.now() / 1000) - 120;
    const expired = jwt.sign({ sub: 2, username: 'bob', roles: ['user'], iat }, { expiresIn: 60 });
    refreshTokens.rotate.mockResolvedValue(undefined);

    await expect(sut.refresh('presented', `Bearer ${expired}`)).rejects.toThrow(UnauthorizedException);
    expect(refreshTokens.rotate).toHaveBeenCalledWith('presented', 2);
  });

  it.each(['Bearer not-a-jwt', 'Bearer ey.ey.sig', 'bearer x', 'Bearer  x', 'BEARER x', 'Bearer'])(
    'should refuse a refresh with the Authorization header %p, spending nothing',
    async (header) => {
      await expect(sut.refresh('presented', header)).rejects.toThrow(UnauthorizedException);
      expect(refreshTokens.rotate).not.toHaveBeenCalled();
    },
  );

  it.each(['Basic Ym9iOmJvYg==', '', 'Bearerish x'])(
    'should take the Authorization header %p, which holds no access token, as none sent',
    async (header) => {
      refreshTokens.rotate.mockResolvedValue({ userId: 2, token: 'next' });
      users.findById.mockResolvedValue(bob);

      await expect(sut.refresh('presented', header)).resolves.toMatchObject({ refresh_token: 'next' });
      expect(refreshTokens.rotate).toHaveBeenCalledWith('presented', undefined);
    },
  );

  it('should refuse a refresh for a user deleted since', async () => {
    refreshTokens.rotate.mockResolvedValue({ userId: 2, token: 'next' });
    users.findById.mockResolvedValue(undefined);

    await expect(sut.refresh('presented')).rejects.toThrow(UnauthorizedException);
  });

  it('should revoke every refresh token of the user once the password has changed, not before', async () => {
    users.changePassword.mockRejectedValue(new Error('wrong current password'));
    await expect(sut.changePassword(2, { current_password: 'x', new_password: 'y' })).rejects.toThrow();
    expect(refreshTokens.revokeAllOfUser).not.toHaveBeenCalled();

    users.changePassword.mockResolvedValue();
    await sut.changePassword(2, { current_password: 'x', new_password: 'y' });
    expect(refreshTokens.revokeAllOfUser).toHaveBeenCalledWith(2);
  });
});
