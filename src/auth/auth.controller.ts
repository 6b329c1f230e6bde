import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ProfileResponseDto } from './dto/profile-response.dto';
import type { Request } from 'express';
import { CurrentUser } from './decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto, TokenPairResponseDto } from './dto/login.dto';
import { RefreshTokenDto } from './dto/refresh-token.dto';
import { SignupDto } from './dto/signup.dto';
import { SignupEnabledGuard } from './signup-enabled.guard';
import { UserResponseDto } from '../users/dto/user-response.dto';
import { LoginThrottlerGuard } from './login-throttler.guard';
import { RefreshThrottlerGuard } from './write-throttler.guard';
import { passwordCallerOf } from './password-caller';
import type { TokenPayload } from './token-payload';

const TOO_MANY =
  'Too many attempts for this username, or for any username, from this client (see Retry-After)';
const HASHER_BUSY = 'Too many password checks waiting, in all or from this client (see Retry-After)';

@Controller('auth')
export class AuthController {
  constructor(private readonly authService: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({ summary: 'An access token and the first refresh token of a new login' })
  @ApiOkResponse({ type: TokenPairResponseDto, description: 'An access token and a refresh token' })
  @ApiBadRequestResponse({ description: 'A body that is not two strings' })
  @ApiUnauthorizedResponse({ description: 'Unknown user or wrong password' })
  @ApiForbiddenResponse({
    description: 'REQUIRE_VERIFIED_EMAIL=true and the address is not confirmed (the password was right)',
  })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiServiceUnavailableResponse({ description: HASHER_BUSY })
  login(@Body() credentials: LoginDto, @Req() request: Request): Promise<TokenPairResponseDto> {
    return this.authService.login(credentials, passwordCallerOf(request));
  }

  @Public()
  @Post('signup')
  @UseGuards(SignupEnabledGuard, LoginThrottlerGuard)
  @ApiOperation({
    summary: 'Creates an account with the role user (then log in)',
    description: 'A confirmation link is mailed to the address (POST /auth/email/confirm takes its token).',
  })
  @ApiCreatedResponse({ type: UserResponseDto, description: 'The new account' })
  @ApiBadRequestResponse({ description: 'A username or password that breaks a rule; the message names it' })
  @ApiConflictResponse({
    description: 'The username or the e-mail is taken, in any case (one answer for both)',
  })
  @ApiNotFoundResponse({ description: 'Sign-up is off (SIGNUP_ENABLED=false)' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiServiceUnavailableResponse({
    description: `${HASHER_BUSY}; or mail is not configured (production without MAIL_URL)`,
  })
  signup(@Body() body: SignupDto, @Req() request: Request): Promise<UserResponseDto> {
    return this.authService.signup(body, passwordCallerOf(request));
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @UseGuards(RefreshThrottlerGuard)
  @ApiOperation({
    summary: 'Spends a refresh token for a new pair',
    description:
      'Presenting a spent token again revokes every token of its login. With `Authorization: Bearer <access token>` ' +
      '(expired or not), the refresh token must belong to that user.',
  })
  @ApiHeader({ name: 'authorization', required: false, description: 'Bearer <access token>, expired or not' })
  @ApiOkResponse({ type: TokenPairResponseDto, description: 'The next pair; the presented token is spent' })
  @ApiBadRequestResponse({ description: 'refresh_token is not a string' })
  @ApiUnauthorizedResponse({
    description: 'Not a live refresh token (unknown, spent, revoked, expired, or another user’s)',
  })
  @ApiTooManyRequestsResponse({
    description:
      'Too many refresh attempts from this client address (REFRESH_THROTTLE_LIMIT; see Retry-After)',
  })
  refresh(
    @Body() { refresh_token }: RefreshTokenDto,
    @Headers('authorization') authorization?: string,
  ): Promise<TokenPairResponseDto> {
    return this.authService.refresh(refresh_token, authorization);
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: "Revokes the refresh tokens of the token's login" })
  @ApiNoContentResponse({ description: 'Done; also for a token that is unknown or already revoked' })
  @ApiBadRequestResponse({ description: 'refresh_token is not a string' })
  logout(@Body() { refresh_token }: RefreshTokenDto): Promise<void> {
    return this.authService.logout(refresh_token);
  }

  @Post('password')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    summary: 'Changes the password and revokes every refresh token of the user',
    description: 'Access tokens already issued stay valid until they expire (JWT_EXPIRES_IN).',
  })
  @ApiNoContentResponse({ description: 'Changed' })
  @ApiBadRequestResponse({
    description: 'A weak new password: its length, the username, or a common password',
  })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiForbiddenResponse({ description: 'current_password is wrong' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiServiceUnavailableResponse({ description: HASHER_BUSY })
  changePassword(
    @CurrentUser() user: TokenPayload,
    @Body() body: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<void> {
    return this.authService.changePassword(user.sub, body, passwordCallerOf(request));
  }

  @Get('profile')
  @ApiOperation({ summary: 'The verified access token payload' })
  @ApiOkResponse({ type: ProfileResponseDto, description: 'sub, username, roles, iat, exp' })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  getProfile(@CurrentUser() user: TokenPayload): TokenPayload {
    return user;
  }
}
