import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../users/roles';
import type { TokenPayload } from '../token-payload';

/** GET /auth/profile: the verified access token's payload, as the guard attached it to the request. */
export class ProfileResponseDto implements TokenPayload {
  @ApiProperty({ type: 'integer', example: 2, description: 'The user id.' })
  sub: number;

  @ApiProperty({ example: 'bob' })
  username: string;

  @ApiProperty({
    enum: ROLES,
    isArray: true,
    example: ['user'],
    description: 'The roles when the token was signed.',
  })
  roles: Role[];

  @ApiProperty({ type: 'integer', description: 'Issued at, in seconds since the epoch.' })
  iat: number;

  @ApiProperty({ type: 'integer', description: 'Expires at, in seconds since the epoch.' })
  exp: number;
}
