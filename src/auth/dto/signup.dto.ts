import { ApiProperty } from '@nestjs/swagger';
import { IsAccountEmail } from '../../users/email';
import {
  IsNewPassword,
  IsNotUsername,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../users/password-policy';
import { IsNewUsername } from '../../users/username';

export class SignupDto {
  @ApiProperty({
    example: 'carol',
    // What the body may hold: capitals are folded to lowercase before the rule (USERNAME_PATTERN) applies.
    pattern: '^[A-Za-z0-9_.-]{3,32}$',
    description:
      '3 to 32 characters of a-z 0-9 _ . - (capitals are taken as lowercase: names compare in any case); ' +
      'not a reserved name (admin, root, administrator, system, support, me, null, undefined)',
  })
  @IsNewUsername()
  username: string;

  @ApiProperty({
    example: 'carol@example.com',
    maxLength: 254,
    description: 'Compared in any case; a confirmation link is mailed to it',
  })
  @IsAccountEmail()
  email: string;

  @ApiProperty({
    example: 'correct horse battery staple',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description:
      'Not the username, not one of the 10 000 most common passwords, at least 3 different characters, ' +
      'no control or invisible characters',
  })
  @IsNewPassword()
  @IsNotUsername()
  password: string;
}
