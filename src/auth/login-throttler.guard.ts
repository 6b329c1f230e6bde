import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerOptions } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { clientAddressOf } from '../common/http/client-address';
import { foldEmail } from '../users/email';
import { foldUsername } from '../users/username';

export interface LoginThrottleLimits {
  /** Attempts per client address and username in a window. */
  perUsername: number;
  /** Attempts per client address across all usernames in a window. */
  perAddress: number;
  windowSeconds: number;
}

/**
 * The account an attempt is about: on a route that needs a token (a password change) the token's user, whatever
 * the body says; on login and sign-up the username the body names; on a forgotten password the address.
 */
const accountOf = (request: Request) => {
  if (request.user) return `#${request.user.sub}`;
  const body = request.body as { username?: unknown; email?: unknown } | undefined;
  // Folded as usernames are compared, so `Alice` and `alice` share one counter.
  if (typeof body?.username === 'string') return foldUsername(body.username.slice(0, 100));
  // An address has its own counter (`@` is in no username): folded as addresses are compared.
  return typeof body?.email === 'string' ? `@${foldEmail(body.email.trim().slice(0, 254))}` : '';
};

/**
 * The two counters every login attempt goes through (sign-ups, password changes and resets, forgotten
 * passwords too). Per address and account:
 * a flood against one account from one client is stopped without locking the real user out from elsewhere. Per
 * address alone: one client trying many usernames is stopped too (each attempt costs a password hash, whoever the
 * username names). Every attempt the address counter lets through counts, those the per-username one then refuses
 * included.
 */
export function loginThrottlers({
  perUsername,
  perAddress,
  windowSeconds,
}: LoginThrottleLimits): ThrottlerOptions[] {
  const ttl = windowSeconds * 1000;
  return [
    // Checked first: a blocked address is then refused before its attempt makes a per-username row (a flood of
    // random usernames would make one each), and its refusals cost no database work (DatabaseThrottlerStorage).
    { name: 'address', limit: perAddress, ttl, getTracker: (request) => clientAddressOf(request as Request) },
    // "default" keeps its headers unsuffixed (X-RateLimit-Limit), as before the per-address counter came.
    {
      name: 'default',
      limit: perUsername,
      ttl,
      getTracker: (request) => `${clientAddressOf(request as Request)}|${accountOf(request as Request)}`,
    },
  ];
}

/**
 * Applies `loginThrottlers` (ThrottlerModule's configuration) with one `Retry-After` whichever counter is full, and
 * a message that says which limit was reached and for how long.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    // The library names a named counter's header `Retry-After-<name>`; clients know only `Retry-After`.
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(detail.timeToBlockExpire));
    return super.throwThrottlingException(context, detail);
  }

  protected override getErrorMessage(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<string> {
    // The address counter's tracker is the address alone (loginThrottlers).
    const byAddress = detail.tracker === clientAddressOf(context.switchToHttp().getRequest<Request>());
    const seconds = detail.timeToBlockExpire;
    return Promise.resolve(
      `Too many attempts ${byAddress ? 'from this address' : 'for this account from this address'}: ` +
        `try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
    );
  }
}
