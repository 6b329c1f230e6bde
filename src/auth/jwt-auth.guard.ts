import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_LIFETIME, type TokenPayload } from './token-payload';
import { extractBearerToken, verifyAccessToken } from './verify-access-token';
import { IS_PUBLIC_KEY, READS_OPTIONAL_TOKEN_KEY } from '../common/decorators/public.decorator';
import { httpRequestOf } from '../common/http/http-request';

/**
 * Registered globally (APP_GUARD): every route and resolver needs a valid token unless marked `@Public()`
 * (`@OptionalUser()`: public, but a token sent is verified and its user attached).
 * Steps, in this order: public marker, token present, token verified (signature, expiry, then the claims'
 * shape and lifetime: `toTokenPayload`), payload attached as `request.user`.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtService,
    private readonly reflector: Reflector,
    @Inject(ACCESS_TOKEN_LIFETIME) private readonly maxLifetimeSeconds: number,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets);
    const readsOptionalToken = this.reflector.getAllAndOverride<boolean | undefined>(
      READS_OPTIONAL_TOKEN_KEY,
      targets,
    );
    if (isPublic && !readsOptionalToken) return true;

    const request = httpRequestOf(context);
    const token = extractBearerToken(request.headers.authorization);
    if (!token) {
      if (isPublic) return true;
      throw new UnauthorizedException();
    }
    request.user = await this.verify(token);
    return true;
  }

  private async verify(token: string): Promise<TokenPayload> {
    const payload = await verifyAccessToken(this.jwt, token, this.maxLifetimeSeconds);
    if (!payload) throw new UnauthorizedException();
    return payload;
  }
}
