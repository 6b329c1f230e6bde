import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { httpRequestOf } from '../common/http/http-request';
import type { Role } from '../users/roles';
import { ROLES_KEY } from './decorators/roles.decorator';

/**
 * Registered globally after JwtAuthGuard, so `request.user` is the verified token's payload when it runs. A handler
 * without `@Roles()` passes; one with it needs a token holding one of those roles (HTTP 403, GraphQL FORBIDDEN).
 * The roles are the token's: a change made since it was signed counts from the next refresh.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required || required.length === 0) return true;
    const held = httpRequestOf(context).user?.roles ?? [];
    if (required.some((role) => held.includes(role))) return true;
    throw new ForbiddenException();
  }
}
