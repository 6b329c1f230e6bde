import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsNewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../users/password-policy';

export class ChangePasswordDto {
  @ApiProperty({ example: 'alice-password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  current_password: string;

  @ApiProperty({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Not the username, not one of the 10 000 most common passwords',
  })
  @IsNewPassword()
  new_password: string;
}
