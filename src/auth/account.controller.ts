import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Patch,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { NonEmptyBodyPipe } from '../common/pipes/non-empty-body.pipe';
import { UserResponseDto } from '../users/dto/user-response.dto';
import { AccountService } from './account.service';
import { CurrentUser } from './decorators/current-user.decorator';
import {
  DeleteMeDto,
  ForgotPasswordDto,
  MessageResponseDto,
  OneTimeTokenDto,
  ResetPasswordDto,
  UpdateMeDto,
} from './dto/account.dto';
import { LoginThrottlerGuard } from './login-throttler.guard';
import { passwordCallerOf } from './password-caller';
import type { TokenPayload } from './token-payload';

const NO_MAIL = 'Mail is not configured (production without MAIL_URL), or the password hasher is busy';
const INVALID_TOKEN = 'Invalid or expired token (unknown, used, expired), or a body that breaks a rule';
const TOO_MANY =
  'Too many attempts from this client address, or for this account or address (see Retry-After)';

/** The account's e-mail address, a forgotten password, and the account itself (/auth/me). */
@Controller('auth')
export class AccountController {
  constructor(private readonly accountService: AccountService) {}

  @Public()
  @Post('email/confirm')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: "Confirms an address with the token of its link (the account's emailVerified)" })
  @ApiNoContentResponse({
    description: 'Confirmed; a new address asked for by PATCH /auth/me replaces the old',
  })
  @ApiBadRequestResponse({ description: INVALID_TOKEN })
  @ApiConflictResponse({ description: 'The address has become another account’s meanwhile' })
  confirmEmail(@Body() { token }: OneTimeTokenDto): Promise<void> {
    return this.accountService.confirmEmail(token);
  }

  @Post('email/resend')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: "Mails another confirmation link to the token's user (nothing when confirmed)" })
  @ApiAcceptedResponse({ description: 'Queued, or nothing to send' })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiServiceUnavailableResponse({ description: NO_MAIL })
  resendConfirmation(@CurrentUser() user: TokenPayload): Promise<void> {
    return this.accountService.resendConfirmation(user.sub);
  }

  @Public()
  @Post('password/forgot')
  @HttpCode(HttpStatus.ACCEPTED)
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    summary: 'Mails a password reset link to the address, if it has an account',
    description: 'The same answer, at once, whether or not the address has an account.',
  })
  @ApiAcceptedResponse({ type: MessageResponseDto, description: 'Always this answer' })
  @ApiBadRequestResponse({ description: 'email is not a string' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiServiceUnavailableResponse({ description: NO_MAIL })
  forgotPassword(@Body() { email }: ForgotPasswordDto): MessageResponseDto {
    return this.accountService.forgotPassword(email);
  }

  @Public()
  @Post('password/reset')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    summary: "Sets a new password with a reset link's token",
    description:
      'Every refresh token of the user is revoked, every other reset link dies, and the address counts as confirmed.',
  })
  @ApiNoContentResponse({ description: 'Changed' })
  @ApiBadRequestResponse({ description: INVALID_TOKEN })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiServiceUnavailableResponse({ description: 'The password hasher is busy' })
  resetPassword(@Body() body: ResetPasswordDto, @Req() request: Request): Promise<void> {
    return this.accountService.resetPassword(body.token, body.new_password, passwordCallerOf(request));
  }

  @Get('me')
  @ApiOperation({ summary: "The token's account, as it is now" })
  @ApiOkResponse({ type: UserResponseDto, description: 'id, username, email, emailVerified, roles' })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  getMe(@CurrentUser() user: TokenPayload): Promise<UserResponseDto> {
    return this.accountService.getMe(user.sub);
  }

  @Patch('me')
  @ApiOperation({
    summary: 'Changes the username (at once) or the e-mail address (once its link is opened)',
    description:
      'A new address gets a confirmation link, and the old one a notice; until then `email` is unchanged.',
  })
  @ApiOkResponse({ type: UserResponseDto, description: 'The account' })
  @ApiBadRequestResponse({ description: 'Nothing to change, or a username or address that breaks a rule' })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiConflictResponse({ description: 'The username or the address is taken' })
  @ApiServiceUnavailableResponse({ description: NO_MAIL })
  updateMe(
    @CurrentUser() user: TokenPayload,
    @Body(NonEmptyBodyPipe) body: UpdateMeDto,
  ): Promise<UserResponseDto> {
    return this.accountService.updateMe(user.sub, body);
  }

  @Delete('me')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(LoginThrottlerGuard)
  @ApiOperation({
    summary: 'Deletes the account, with its password',
    description: 'Its logins end; records it owns stay, without an owner (ownerId null).',
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiBadRequestResponse({ description: 'password is not a string' })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiForbiddenResponse({ description: 'The password is wrong' })
  @ApiConflictResponse({ description: 'The last admin cannot delete itself' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiServiceUnavailableResponse({ description: 'The password hasher is busy' })
  deleteMe(
    @CurrentUser() user: TokenPayload,
    @Body() { password }: DeleteMeDto,
    @Req() request: Request,
  ): Promise<void> {
    return this.accountService.deleteMe(user.sub, password, passwordCallerOf(request));
  }
}
