import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * Counts login attempts per client address and username, so a flood against one account
 * from one client is stopped without locking the real user out from elsewhere.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(request: Request): Promise<string> {
    const body = request.body as { username?: unknown } | undefined;
    const username = typeof body?.username === 'string' ? body.username.slice(0, 100) : '';
    return Promise.resolve(`${request.ip}|${username}`);
  }
}
