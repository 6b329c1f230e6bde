import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../roles';
import type { UserRow } from '../users.table';

export class UserResponseDto {
  @ApiProperty({ example: 2 })
  id: number;

  @ApiProperty({ example: 'bob' })
  username: string;

  @ApiProperty({ enum: ROLES, isArray: true, example: ['user'] })
  roles: Role[];
}

/** A user as the API shows it: never the password hash. */
export function toUserResponse(row: Pick<UserRow, 'id' | 'username' | 'roles'>): UserResponseDto {
  return { id: row.id, username: row.username, roles: row.roles };
}
