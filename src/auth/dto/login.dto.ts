import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

/** Any two strings: those no account can have (empty, too long) are a wrong login, 401, like any other. */
export class LoginDto {
  @ApiProperty({ example: 'alice' })
  @IsString()
  username: string;

  @ApiProperty({ example: 'alice-password' })
  @IsString()
  password: string;
}

/** The RFC 6749 §5.1 shape, answered by login and refresh. */
export class TokenPairResponseDto {
  @ApiProperty({ description: 'A signed HS256 JWT to send as `Authorization: Bearer <token>`' })
  access_token: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  token_type: 'Bearer';

  @ApiProperty({ description: 'Seconds the access token lives (JWT_EXPIRES_IN)', example: 60 })
  expires_in: number;

  @ApiProperty({
    description:
      'Opaque, single use: POST it to /auth/refresh for the next pair (expires REFRESH_TOKEN_TTL after the login)',
  })
  refresh_token: string;
}
