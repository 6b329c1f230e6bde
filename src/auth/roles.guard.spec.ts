import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { Request } from 'express';
import type { Role } from '../users/roles';
import { Roles } from './decorators/roles.decorator';
import { RolesGuard } from './roles.guard';

@Roles('admin')
class AdminController {
  everything() {}
  @Roles('user', 'admin') anyone() {}
}

class OpenController {
  open() {}
  @Roles('admin') closed() {}
}

function contextFor(
  type: 'http' | 'graphql',
  roles: Role[] | undefined,
  controller: new () => object,
  handler: (...args: never[]) => unknown,
): ExecutionContext {
  const request = { user: roles && { sub: 1, username: 'x', roles, iat: 0, exp: 60 } } as Partial<Request>;
  const args = type === 'graphql' ? [undefined, {}, { req: request }, {}] : [request, {}, () => undefined];
  const context = new ExecutionContextHost(args, controller, handler);
  context.setType(type);
  return context;
}

describe(RolesGuard.name, () => {
  const sut = new RolesGuard(new Reflector());

  describe.each(['http', 'graphql'] as const)('in a %s context', (type) => {
    it('should let any caller through a handler without @Roles()', () => {
      expect(
        sut.canActivate(contextFor(type, undefined, OpenController, OpenController.prototype.open)),
      ).toBe(true);
    });

    it('should let a caller holding the role through', () => {
      const context = contextFor(type, ['admin'], AdminController, AdminController.prototype.everything);
      expect(sut.canActivate(context)).toBe(true);
    });

    it.each<[string, Role[] | undefined]>([
      ['without the role', ['user']],
      ['with no roles', []],
      ['without a token', undefined],
    ])('should refuse a caller %s with 403', (_case, roles) => {
      const context = contextFor(type, roles, OpenController, OpenController.prototype.closed);
      expect(() => sut.canActivate(context)).toThrow(ForbiddenException);
    });

    it("should let the handler's roles override the class's", () => {
      const context = contextFor(type, ['user'], AdminController, AdminController.prototype.anyone);
      expect(sut.canActivate(context)).toBe(true);
    });
  });
});
