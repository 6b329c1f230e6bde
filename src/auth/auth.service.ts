import { HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { plainHttpError } from '../common/errors/plain-http-error';
import { JwtService } from '@nestjs/jwt';
import type { HashCaller } from '../users/password-hasher';
import type { UserResponseDto } from '../users/dto/user-response.dto';
import { type AuthenticatedUser, UsersService } from '../users/users.service';
import type { ChangePasswordDto } from './dto/change-password.dto';
import type { LoginDto, TokenPairResponseDto } from './dto/login.dto';
import type { SignupDto } from './dto/signup.dto';
import { extractBearerToken, namesBearerScheme, verifyAccessToken } from './verify-access-token';
import { RefreshTokensService } from './refresh-tokens.service';
import { ACCESS_TOKEN_LIFETIME } from './token-payload';
import { AccountService } from './account.service';

/** Injection token: REQUIRE_VERIFIED_EMAIL, whether an unconfirmed address keeps its user from logging in. */
export const REQUIRE_VERIFIED_EMAIL = Symbol('REQUIRE_VERIFIED_EMAIL');

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokensService,
    private readonly account: AccountService,
    @Inject(ACCESS_TOKEN_LIFETIME) private readonly accessTokenLifetime: number,
    @Inject(REQUIRE_VERIFIED_EMAIL) private readonly requireVerifiedEmail: boolean,
  ) {}

  /** `caller`: the client's address and a signal that fires when it has gone (see PasswordHasher). */
  async login({ username, password }: LoginDto, caller?: HashCaller): Promise<TokenPairResponseDto> {
    const user = await this.users.verifyCredentials(username, password, caller);
    // Told only to whoever knows the password: an unconfirmed address is no hint to anyone else.
    if (user && this.requireVerifiedEmail && !user.emailVerified) {
      throw plainHttpError(HttpStatus.FORBIDDEN, 'Confirm your e-mail address first');
    }
    // Tied to the hash just checked: a password changed meanwhile refuses the login, as it will from now on.
    const refreshToken = user && (await this.refreshTokens.start(user.id, user.passwordHash));
    // One answer for an unknown user and a wrong password, so it does not tell which usernames exist.
    if (!user || !refreshToken) throw new UnauthorizedException();
    return this.tokenPair(user, refreshToken);
  }

  /**
   * A new account with the role `user`, and a confirmation link mailed to its address; logging in is a separate
   * step. 503 before anything is made when no mail can be sent.
   */
  async signup({ username, email, password }: SignupDto, caller?: HashCaller): Promise<UserResponseDto> {
    this.account.assertMailAvailable();
    const user = await this.users.create(username, email, password, caller);
    await this.account.sendSignupConfirmation(user);
    return user;
  }

  /**
   * The next pair for a live refresh token, signed with the user's current roles. `authorization`: when the client
   * sends its access token along (`Bearer …`, expired or not), the refresh token must be that user's; another
   * scheme (a client's `Basic` credentials, RFC 6749 §2.3.1) counts as no token. A Bearer header written otherwise
   * (`bearer x`, two spaces) is refused: its client meant to bind the refresh.
   */
  async refresh(refreshToken: string, authorization?: string): Promise<TokenPairResponseDto> {
    const accessToken = extractBearerToken(authorization);
    const mistyped = accessToken === undefined && namesBearerScheme(authorization);
    if (mistyped) throw new UnauthorizedException();
    const boundTo = accessToken === undefined ? undefined : await this.userIdOf(accessToken);
    const rotated = await this.refreshTokens.rotate(refreshToken, boundTo);
    const user = rotated && (await this.users.findById(rotated.userId));
    if (!rotated || !user) throw new UnauthorizedException();
    return this.tokenPair(user, rotated.token);
  }

  logout(refreshToken: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(refreshToken);
  }

  /** Every login of the user ends: its refresh tokens are revoked (access tokens live on until they expire). */
  async changePassword(
    userId: number,
    { current_password, new_password }: ChangePasswordDto,
    caller?: HashCaller,
  ): Promise<void> {
    await this.users.changePassword(userId, current_password, new_password, caller);
    // After the change: should this fail, a retry with the new password as the current one revokes them.
    await this.refreshTokens.revokeAllOfUser(userId);
  }

  private async tokenPair(user: AuthenticatedUser, refreshToken: string): Promise<TokenPairResponseDto> {
    return {
      access_token: await this.jwt.signAsync({ sub: user.id, username: user.username, roles: user.roles }),
      token_type: 'Bearer',
      expires_in: this.accessTokenLifetime,
      refresh_token: refreshToken,
    };
  }

  /** The user of an access token of ours, expired or not; 401 for anything else. */
  private async userIdOf(accessToken: string): Promise<number> {
    const payload = await verifyAccessToken(this.jwt, accessToken, this.accessTokenLifetime, {
      ignoreExpiration: true,
    });
    if (!payload) throw new UnauthorizedException();
    return payload.sub;
  }
}
