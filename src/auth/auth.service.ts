import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { HashCaller } from '../users/password-hasher';
import { UsersService } from '../users/users.service';
import type { LoginDto, LoginResponseDto } from './dto/login.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
  ) {}

  /** `caller`: the client's address and a signal that fires when it has gone (see PasswordHasher). */
  async login({ username, password }: LoginDto, caller?: HashCaller): Promise<LoginResponseDto> {
    const user = await this.users.verifyCredentials(username, password, caller);
    // One answer for an unknown user and a wrong password (SPEC §5).
    if (!user) throw new UnauthorizedException();
    return {
      access_token: await this.jwt.signAsync({ sub: user.id, username: user.username, roles: user.roles }),
    };
  }
}
