import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { ROLES, type Role } from '../roles';

export class UpdateUserRolesDto {
  @ApiProperty({ enum: ROLES, isArray: true, example: ['user', 'admin'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(ROLES.length)
  @ArrayUnique()
  @IsIn(ROLES, { each: true, message: `each role must be one of: ${ROLES.join(', ')}` })
  roles: Role[];
}
