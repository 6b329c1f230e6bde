import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../roles';
import type { UserRow } from '../users.table';

export class UserResponseDto {
  @ApiProperty({ example: 2 })
  id: number;

  @ApiProperty({ example: 'bob' })
  username: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'bob@example.com',
    description: 'Null only for an account made before accounts had addresses',
  })
  email: string | null;

  @ApiProperty({ example: true, description: 'Whether the address has been confirmed (by its link)' })
  emailVerified: boolean;

  @ApiProperty({ enum: ROLES, isArray: true, example: ['user'] })
  roles: Role[];
}

/** A user as the API shows it: never the password hash. */
export function toUserResponse(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'emailVerified' | 'roles'>,
): UserResponseDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    roles: row.roles,
  };
}
