import { ArgumentsHost, Catch, HttpException, HttpStatus, IntrinsicException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ResourceShortageLog } from './resource-shortage-log';
import { logUnexpectedError, toHttpException } from './to-http-exception';

/** Seconds a client is asked to wait before retrying while the database is away or short of resources. */
export const RETRY_AFTER_SECONDS = 5;

/** Stands for an unexpected error already logged: Nest answers its generic 500 and logs nothing (IntrinsicException). */
class LoggedUnexpectedError extends IntrinsicException {}

/**
 * Registered globally (APP_FILTER): every HTTP error goes out as `toHttpException` maps it (a 503 with
 * Retry-After), and anything unexpected gets Nest's default 500, its details in the log only. GraphQL renders the
 * same mapping in formatGraphqlError, which also sees the errors of field resolvers (filters do not run there).
 */
@Catch()
export class AllExceptionsFilter extends BaseExceptionFilter {
  constructor(private readonly shortages: ResourceShortageLog) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    // GraphQL: rethrown to Apollo, whose formatError (formatGraphqlError) maps and logs it. Returning "not
    // handled" would let Nest's fallback log the whole error first (Drizzle's message and its parameters).
    if (host.getType<string>() === 'graphql') throw exception;
    // Other contexts (none in this app): "not handled", so Nest rethrows the error to their own error handling.
    if (host.getType() !== 'http') return;

    const mapped = toHttpException(exception, this.shortages);
    const response = host.switchToHttp().getResponse<Response>();
    // A failure after the answer went out (express-session saving a session as the response ends): Nest's filter
    // only ends the response then, and a header set now would throw.
    if (mapped?.getStatus() === HttpStatus.SERVICE_UNAVAILABLE && !response.headersSent) {
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    // Nest would log the whole error, its message twice (message, then the stack that starts with it), and
    // Drizzle's message holds the query's parameters: logged once here instead. Body-parser's errors (400, 413)
    // carry their own status and stay Nest's.
    if (!mapped && !this.isHttpError(exception)) {
      const { method, originalUrl } = host.switchToHttp().getRequest<Request>();
      logUnexpectedError(exception, `${method} ${originalUrl}`);
      return super.catch(new LoggedUnexpectedError(), host);
    }
    super.catch(withStatusFirst(mapped ?? exception), host);
  }
}

/**
 * The exception with `statusCode` first in its body, as `{"statusCode":401,"message":"Unauthorized"}` is written
 * (Nest's own order is message first). Nest builds a string answer's body in that order itself.
 */
function withStatusFirst(exception: unknown): unknown {
  if (!(exception instanceof HttpException)) return exception;
  const body = exception.getResponse();
  if (typeof body !== 'object' || Object.keys(body)[0] === 'statusCode') return exception;
  return new HttpException({ statusCode: exception.getStatus(), ...body }, exception.getStatus());
}
