import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import {
  IsNewPassword,
  IsNotUsername,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../users/password-policy';
import { foldUsername } from '../../users/username';

export const USERNAME_PATTERN = /^[a-z0-9_.-]{3,32}$/;

export class SignupDto {
  @ApiProperty({
    example: 'carol',
    // What the body may hold: capitals are folded to lowercase before the rule (USERNAME_PATTERN) applies.
    pattern: '^[A-Za-z0-9_.-]{3,32}$',
    description:
      '3 to 32 characters of a-z 0-9 _ . - (capitals are taken as lowercase: names compare in any case)',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? foldUsername(value) : value))
  @IsString()
  @Matches(USERNAME_PATTERN, { message: 'username must be 3 to 32 characters of a-z, 0-9, _, . and -' })
  username: string;

  @ApiProperty({
    example: 'correct horse battery staple',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Not the username, not one of the 10 000 most common passwords',
  })
  @IsNewPassword()
  @IsNotUsername()
  password: string;
}
