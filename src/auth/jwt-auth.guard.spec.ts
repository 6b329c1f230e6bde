import { Controller, ExecutionContext, Get, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { forgeJwt } from '../../test/utils/jwt';
import { Authenticated, OptionalUser, Public } from '../common/decorators/public.decorator';
import { JwtAuthGuard } from './jwt-auth.guard';
import { extractBearerToken } from './verify-access-token';

@Public()
@Controller()
class OpenController {
  @Get() open() {}
  @Authenticated() @Get() closed() {}
}

@Controller()
class ClosedController {
  @Get() closed() {}
  @Public() @Get() open() {}
  @OptionalUser() @Get() mine() {}
}

const SECRET = 'unit-test-secret-of-at-least-32-chars';

function contextFor(
  type: 'http' | 'graphql',
  request: Partial<Request>,
  handler: (...args: never[]) => unknown,
  controller: object,
): ExecutionContext {
  // GqlExecutionContext reads the resolver arguments (root, args, context, info) from getArgs().
  const args = type === 'graphql' ? [undefined, {}, { req: request }, {}] : [request];
  return {
    getType: () => type,
    getHandler: () => handler,
    getClass: () => controller,
    getArgs: () => args,
    getArgByIndex: (index: number) => args[index],
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

describe(JwtAuthGuard.name, () => {
  const jwt = new JwtService({ secret: SECRET, signOptions: { expiresIn: 60 } });
  const sut = new JwtAuthGuard(jwt, new Reflector(), 60);
  const bearer = () => ({
    headers: { authorization: `Bearer ${jwt.sign({ sub: 1, username: 'alice', roles: ['admin'] })}` },
  });

  describe.each(['http', 'graphql'] as const)('in a %s context', (type) => {
    it('should let a public handler through without a token', async () => {
      const context = contextFor(type, { headers: {} }, ClosedController.prototype.open, ClosedController);
      await expect(sut.canActivate(context)).resolves.toBe(true);
    });

    it('should let every handler of a public class through', async () => {
      const context = contextFor(type, { headers: {} }, OpenController.prototype.open, OpenController);
      await expect(sut.canActivate(context)).resolves.toBe(true);
    });

    it('should let handler metadata close a handler of a public class', async () => {
      const context = contextFor(type, { headers: {} }, OpenController.prototype.closed, OpenController);
      await expect(sut.canActivate(context)).rejects.toThrow(UnauthorizedException);
    });

    it('should refuse a protected handler without a token', async () => {
      const context = contextFor(type, { headers: {} }, ClosedController.prototype.closed, ClosedController);
      await expect(sut.canActivate(context)).rejects.toThrow(UnauthorizedException);
    });

    it('should let an optional-user handler through without a token, with no user', async () => {
      const request: Partial<Request> = { headers: {} };
      const context = contextFor(type, request, ClosedController.prototype.mine, ClosedController);

      await expect(sut.canActivate(context)).resolves.toBe(true);
      expect(request.user).toBeUndefined();
    });

    it("should attach an optional-user handler's token user, and refuse a token that does not verify", async () => {
      const request = bearer();
      const mine = contextFor(type, request, ClosedController.prototype.mine, ClosedController);
      await expect(sut.canActivate(mine)).resolves.toBe(true);
      expect((request as Partial<Request>).user).toMatchObject({ sub: 1, username: 'alice' });

      const forged = { headers: { authorization: 'Bearer not.a.token' } };
      const refused = contextFor(type, forged, ClosedController.prototype.mine, ClosedController);
      await expect(sut.canActivate(refused)).rejects.toThrow(UnauthorizedException);
    });

    it('should attach the verified payload to the request as user', async () => {
      const request = bearer();
      const context = contextFor(type, request, ClosedController.prototype.closed, ClosedController);

      await expect(sut.canActivate(context)).resolves.toBe(true);
      expect((request as Partial<Request>).user).toMatchObject({ sub: 1, username: 'alice' });
    });

    const now = Math.floor(Date.now() / 1000);
    const payload = { sub: 1, username: 'alice', roles: ['admin'], iat: now, exp: now + 60 };
    it.each([
      ['without exp', forgeJwt({ sub: 1, username: 'alice', iat: now }, { secret: SECRET })],
      [
        'with an exp that is not a number',
        forgeJwt({ ...payload, exp: String(now + 60) }, { secret: SECRET }),
      ],
      ['signed with HS512 (same secret)', forgeJwt(payload, { secret: SECRET, alg: 'HS512' })],
      ['with alg none', forgeJwt(payload, { secret: '', alg: 'none' })],
      ['with a sub that is a string', forgeJwt({ ...payload, sub: '1' }, { secret: SECRET })],
      ['without username', forgeJwt({ ...payload, username: undefined }, { secret: SECRET })],
      ['without roles', forgeJwt({ ...payload, roles: undefined }, { secret: SECRET })],
      [
        'living longer than JWT_EXPIRES_IN',
        forgeJwt({ ...payload, exp: now + 365 * 24 * 3600 }, { secret: SECRET }),
      ],
    ])('should refuse a token %s', async (_case, token) => {
      const request = { headers: { authorization: `Bearer ${token}` } };
      const context = contextFor(type, request, ClosedController.prototype.closed, ClosedController);

      await expect(sut.canActivate(context)).rejects.toThrow(UnauthorizedException);
      expect((request as Partial<Request>).user).toBeUndefined();
    });

    it('should accept the same claims signed with HS256', async () => {
      const request = { headers: { authorization: `Bearer ${forgeJwt(payload, { secret: SECRET })}` } };
      const context = contextFor(type, request, ClosedController.prototype.closed, ClosedController);

      await expect(sut.canActivate(context)).resolves.toBe(true);
    });

    it('should attach only the five claims it checked', async () => {
      const token = forgeJwt({ ...payload, role: 'admin' }, { secret: SECRET });
      const request = { headers: { authorization: `Bearer ${token}` } };
      const context = contextFor(type, request, ClosedController.prototype.closed, ClosedController);

      await expect(sut.canActivate(context)).resolves.toBe(true);
      expect((request as Partial<Request>).user).toEqual(payload);
    });
  });
});

describe(extractBearerToken.name, () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', undefined],
    ['Bearer abc def', undefined],
    ['Bearer', undefined],
    ['Bearer ', undefined],
    ['Basic abc', undefined],
    [undefined, undefined],
  ])('should read %p as %p', (header, token) => {
    expect(extractBearerToken(header)).toBe(token);
  });
});
