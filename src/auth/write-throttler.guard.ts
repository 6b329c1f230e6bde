import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { clientAddressOf } from '../common/http/client-address';
import { httpRequestOf } from '../common/http/http-request';
import { isWrite, tooManyRequests, WriteThrottle } from './throttle/write-throttle';

/**
 * Registered globally (APP_GUARD), after JwtAuthGuard: a user's writes (REST POST/PUT/PATCH/DELETE, GraphQL
 * mutations) are limited to WRITE_THROTTLE_LIMIT per WRITE_THROTTLE_TTL seconds, whichever instance serves them.
 * Reads are not counted, nor public routes (login and sign-up have their own throttle, refresh the guard below).
 */
@Injectable()
export class WriteThrottlerGuard implements CanActivate {
  constructor(private readonly throttle: WriteThrottle) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = httpRequestOf(context).user;
    if (!user || !isWrite(context)) return true;
    const wait = await this.throttle.secondsToWait(`write|user:${user.sub}`, this.throttle.writesPerUser);
    if (wait !== undefined) throw tooManyRequests(context, 'writes', wait);
    return true;
  }
}

/**
 * POST /auth/refresh: REFRESH_THROTTLE_LIMIT attempts per client address per WRITE_THROTTLE_TTL, good tokens or
 * not. The route is public, so there is no user to count by; a flood of made-up tokens is stopped by its source.
 */
@Injectable()
export class RefreshThrottlerGuard implements CanActivate {
  constructor(private readonly throttle: WriteThrottle) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const address = clientAddressOf(httpRequestOf(context));
    const wait = await this.throttle.secondsToWait(
      `refresh|address:${address}`,
      this.throttle.refreshesPerAddress,
    );
    if (wait !== undefined) throw tooManyRequests(context, 'refresh attempts from this address', wait);
    return true;
  }
}
