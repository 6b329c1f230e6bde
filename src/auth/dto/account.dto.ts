import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsAccountEmail } from '../../users/email';
import { IsNewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../users/password-policy';
import { IsNewUsername } from '../../users/username';

/** A one-time token from a mailed link. Any string: one that is not a live token, of any length, is the same 400. */
export class OneTimeTokenDto {
  @ApiProperty({ description: 'The `token` of the link (43 characters of base64url)' })
  @IsString()
  token: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'bob@example.com' })
  @IsString()
  @MaxLength(254)
  email: string;
}

export class ResetPasswordDto extends OneTimeTokenDto {
  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description:
      'The rules of sign-up: not the username, not a common password, 3 different characters at least',
  })
  @IsNewPassword()
  new_password: string;
}

export class UpdateMeDto {
  @ApiPropertyOptional({ example: 'carol', description: 'A new username, at once (the rules of sign-up)' })
  @IsOptional()
  @IsNewUsername()
  username?: string;

  @ApiPropertyOptional({
    example: 'carol@example.org',
    description: 'A new address: it replaces the current one once the link mailed to it is opened',
  })
  @IsOptional()
  @IsAccountEmail()
  email?: string;
}

export class DeleteMeDto {
  @ApiProperty({ example: 'bob-password', description: 'The current password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  password: string;
}

export class MessageResponseDto {
  @ApiProperty({ example: 'If that address has an account, a link is on its way' })
  message: string;
}
