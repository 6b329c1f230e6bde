import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { clientAddressOf } from '../common/utils/client-address';
import { clientGoneSignal } from '../common/utils/client-gone-signal';
import { CurrentUser } from './decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { AuthService } from './auth.service';
import { LoginDto, LoginResponseDto } from './dto/login.dto';
import { LoginThrottlerGuard } from './login-throttler.guard';
import type { TokenPayload } from './token-payload';

@Controller('auth')
export class AuthController {
  constructor(private readonly authService: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(LoginThrottlerGuard)
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiUnauthorizedResponse({ description: 'Unknown user or wrong password' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many attempts for this username, or for any username, from this client (see Retry-After)',
  })
  @ApiServiceUnavailableResponse({
    description: 'Too many logins waiting for a password check, in all or from this client (see Retry-After)',
  })
  login(@Body() credentials: LoginDto, @Req() request: Request): Promise<LoginResponseDto> {
    return this.authService.login(credentials, {
      client: clientAddressOf(request),
      signal: clientGoneSignal(request),
    });
  }

  @Get('profile')
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'The verified token payload: sub, username, roles, iat, exp' })
  getProfile(@CurrentUser() user: TokenPayload): TokenPayload {
    return user;
  }
}
