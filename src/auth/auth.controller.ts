import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
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
  @ApiTooManyRequestsResponse({ description: 'Too many attempts for this username from this client' })
  login(@Body() credentials: LoginDto): Promise<LoginResponseDto> {
    return this.authService.login(credentials);
  }

  @Get('profile')
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'The verified token payload: sub, username, iat, exp' })
  getProfile(@CurrentUser() user: TokenPayload): TokenPayload {
    return user;
  }
}
