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

export class LoginResponseDto {
  @ApiProperty({ description: 'A signed HS256 JWT to send as `Authorization: Bearer <token>`' })
  access_token: string;
}
