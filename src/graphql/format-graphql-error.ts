import { unwrapResolverError } from '@apollo/server/errors';
import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import {
  describeError,
  isDatabaseUnavailable,
  isValueRefusedByDatabase,
  REFUSED_VALUE_MESSAGE,
} from '../database/database-errors';

const logger = new Logger('GraphQL');

// Nest's HTTP exceptions (thrown by services, the guard and the validation pipe) as GraphQL error codes.
const CODE_BY_STATUS: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: 'BAD_USER_INPUT',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
};

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const UNAVAILABLE_ERROR_MESSAGE = 'Service unavailable, try again later';

/**
 * Apollo's `formatError` for every GraphQL endpoint of the app (use with `autoTransformHttpErrors: false`).
 * - Nest HTTP exceptions become errors with a code: 400 → BAD_USER_INPUT (with the validation messages),
 *   401 → UNAUTHENTICATED, 403 → FORBIDDEN, others → the status name (404 → NOT_FOUND, …).
 * - GraphQL errors (syntax, validation, variables, errors thrown on purpose) pass through.
 * - The database away (connection lost, timed out): SERVICE_UNAVAILABLE; a value it cannot store (a NUL
 *   character, a number out of range): BAD_USER_INPUT. The cause in the log only.
 * - Anything else is unexpected: logged with its stack, answered with a generic message.
 * Only message, locations, path and extensions.code (+ validationErrors) reach the client, never a stack trace.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const { locations, path } = formatted;

  if (original instanceof HttpException) {
    const status = original.getStatus();
    const messages = validationMessages(original);
    return {
      message: messages ? messages.join('; ') : original.message,
      locations,
      path,
      extensions: {
        code: CODE_BY_STATUS[status] ?? HttpStatus[status] ?? 'INTERNAL_SERVER_ERROR',
        ...(messages && { validationErrors: messages }),
      },
    };
  }

  if (original instanceof GraphQLError) {
    const { stacktrace: _stacktrace, exception: _exception, ...extensions } = formatted.extensions ?? {};
    return { message: formatted.message, locations, path, extensions };
  }

  const where = path ? `${path.join('.')}: ` : '';
  if (isDatabaseUnavailable(original)) {
    logger.warn(`${where}database unavailable: ${describeError(original)}`);
    return {
      message: UNAVAILABLE_ERROR_MESSAGE,
      locations,
      path,
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    };
  }
  if (isValueRefusedByDatabase(original)) {
    logger.warn(`${where}value refused: ${describeError(original)}`);
    return { message: REFUSED_VALUE_MESSAGE, locations, path, extensions: { code: 'BAD_USER_INPUT' } };
  }

  logger.error(
    `${where}${original instanceof Error ? original.message : String(original)}`,
    original instanceof Error ? original.stack : undefined,
  );
  return { message: INTERNAL_ERROR_MESSAGE, locations, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The messages of a ValidationPipe failure (`{ message: string[] }`), if that is what this is. */
function validationMessages(exception: HttpException): string[] | undefined {
  const response = exception.getResponse();
  if (typeof response !== 'object' || response === null) return undefined;
  const { message } = response as { message?: unknown };
  return Array.isArray(message) && message.every((item) => typeof item === 'string') ? message : undefined;
}
