import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import {
  describeError,
  isDatabaseUnavailable,
  isValueRefusedByDatabase,
  REFUSED_VALUE_MESSAGE,
} from '../../database/database-errors';

/** Seconds a client is asked to wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Registered globally (APP_FILTER). Two kinds of database errors are not the server's fault, so not 500:
 * - the database cannot be reached: 503 Service Unavailable with Retry-After (the request may succeed later);
 * - the database refused a value of the request (a NUL character, a number out of range): 400 Bad Request.
 * The cause goes to the log only. Every other exception gets Nest's default answer. GraphQL maps the same
 * errors in formatGraphqlError, which also sees the errors of field resolvers (filters do not run on those).
 */
@Catch()
export class DatabaseErrorsFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('Database');

  override catch(exception: unknown, host: ArgumentsHost): void {
    // Other contexts (GraphQL): "not handled", so Nest rethrows the error to their own error handling.
    if (host.getType() !== 'http') return;

    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`Database unavailable: ${describeError(exception)}`);
      host.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return super.catch(new ServiceUnavailableException(), host);
    }
    if (isValueRefusedByDatabase(exception)) {
      this.logger.warn(`Value refused: ${describeError(exception)}`);
      return super.catch(new BadRequestException(REFUSED_VALUE_MESSAGE), host);
    }
    super.catch(exception, host);
  }
}
