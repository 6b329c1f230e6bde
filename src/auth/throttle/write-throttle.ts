import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { GqlExecutionContext } from '@nestjs/graphql';
import { InjectThrottlerStorage, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { httpRequestOf } from '../../common/http/http-request';
import type { Environment } from '../../config/environment';
import { TOO_MANY_REQUESTS } from '../../graphql/too-many-requests-status.plugin';

/** At most `limit` attempts per window of `windowSeconds`, for one key. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The throttler name the counters are stored under (DatabaseThrottlerStorage takes it, and ignores it). */
const THROTTLER_NAME = 'writes';

/**
 * Counts attempts in the login throttle's table (DatabaseThrottlerStorage, ThrottlerModule's storage), so every
 * instance on one database counts the same ones, and says how long a refused one must wait.
 */
@Injectable()
export class WriteThrottle {
  readonly writesPerUser: RateLimit;
  readonly refreshesPerAddress: RateLimit;

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    config: ConfigService<Environment, true>,
  ) {
    const windowSeconds = config.get('WRITE_THROTTLE_TTL', { infer: true });
    this.writesPerUser = { limit: config.get('WRITE_THROTTLE_LIMIT', { infer: true }), windowSeconds };
    this.refreshesPerAddress = {
      limit: config.get('REFRESH_THROTTLE_LIMIT', { infer: true }),
      windowSeconds,
    };
  }

  /** Counts one attempt against `key`: undefined when it is allowed, else the seconds until one will be. */
  async secondsToWait(key: string, { limit, windowSeconds }: RateLimit): Promise<number | undefined> {
    // No block of its own (0): once the window is full, attempts are refused until it ends, then count afresh.
    const record = await this.storage.increment(key, windowSeconds * 1000, limit, 0, THROTTLER_NAME);
    return record.isBlocked ? Math.max(1, record.timeToBlockExpire) : undefined;
  }
}

/**
 * The 429 for a refused attempt, with `Retry-After` on the response: for HTTP an exception the filter renders
 * (`{"statusCode":429,"message":…}`), for GraphQL an error coded TOO_MANY_REQUESTS (tooManyRequestsStatus makes
 * the HTTP status 429).
 */
export function tooManyRequests(context: ExecutionContext, what: string, seconds: number): Error {
  const message = `Too many ${what}: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const response = httpRequestOf(context).res;
  if (response && !response.headersSent) response.setHeader('Retry-After', String(seconds));
  if (context.getType<string>() === 'graphql') {
    return new GraphQLError(message, { extensions: { code: TOO_MANY_REQUESTS } });
  }
  return new ThrottlerException(message);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A REST write (POST, PUT, PATCH, DELETE) or a GraphQL mutation's root field (each counts as one write). */
export function isWrite(context: ExecutionContext): boolean {
  if (context.getType<string>() === 'graphql') {
    const info = GqlExecutionContext.create(context).getInfo<GraphQLResolveInfo>();
    return info.operation.operation === 'mutation' && info.path.prev === undefined;
  }
  return context.getType() === 'http' && WRITE_METHODS.has(httpRequestOf(context).method);
}
