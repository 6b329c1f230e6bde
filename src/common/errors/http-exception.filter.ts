import { ArgumentsHost, Catch, HttpStatus } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import { toHttpException } from './to-http-exception';

/** Seconds a client is asked to wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Registered globally (APP_FILTER): every HTTP error goes out as `toHttpException` maps it (a 503 with
 * Retry-After), and anything unexpected gets Nest's default 500, its details in the log only. GraphQL renders the
 * same mapping in formatGraphqlError, which also sees the errors of field resolvers (filters do not run there).
 */
@Catch()
export class HttpExceptionFilter extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    // Other contexts (GraphQL): "not handled", so Nest rethrows the error to their own error handling.
    if (host.getType() !== 'http') return;

    const mapped = toHttpException(exception);
    if (mapped?.getStatus() === HttpStatus.SERVICE_UNAVAILABLE) {
      host.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    super.catch(mapped ?? exception, host);
  }
}
