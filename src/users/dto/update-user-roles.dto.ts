import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { isRole, ROLES, type Role } from '../roles';

const ROLE_LIST_RULE = `roles must be a list of one or more distinct roles of: ${ROLES.join(', ')}`;

export class UpdateUserRolesDto {
  @ApiProperty({ enum: ROLES, isArray: true, uniqueItems: true, minItems: 1, example: ['user', 'admin'] })
  // One rule, one message, whatever is wrong with the list (class-validator's array rules would give five).
  @ValidateBy({
    name: 'isRoleList',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length > 0 &&
        value.every(isRole) &&
        new Set(value).size === value.length,
      defaultMessage: () => ROLE_LIST_RULE,
    },
  })
  roles: Role[];
}
