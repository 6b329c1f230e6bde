import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Role } from '../../users/roles';

export const ROLES_KEY = 'roles';

/**
 * Lets only users holding one of `roles` through a handler or a whole controller/resolver (the global RolesGuard
 * reads it; handler metadata wins over the class's). Others get 403, GraphQL `FORBIDDEN`.
 */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    ApiForbiddenResponse({ description: `Only for the roles: ${roles.join(', ')}` }),
  );
