import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'alice' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  username: string;

  @ApiProperty({ example: 'alice-password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
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
