import {
  BadRequestException,
  ConflictException,
  HttpException,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  constraintViolationOf,
  describeError,
  isDatabaseUnavailable,
  isValueRefusedByDatabase,
} from './database-errors';

export const UNAVAILABLE_MESSAGE = 'Service unavailable, try again later';
export const REFUSED_VALUE_MESSAGE = 'A value in the request cannot be stored';

const logger = new Logger('Errors');

/** `author_id` → `authorId`: the name the API gives a column. */
const fieldName = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());

/**
 * The one place where an error becomes an answer, for the HTTP filter and the GraphQL formatter alike.
 * Nest's HTTP exceptions are the app's domain errors (services throw NotFound, Conflict, Forbidden, BadRequest)
 * and pass as they are. Database errors that are the client's doing or the moment's become one of them, so a
 * repository never tests SQLSTATE codes: a broken unique key → 409, a missing parent → 400, a parent that still
 * has children → 409, a null or a value the column refuses → 400, the database away → 503.
 * Anything else is unexpected: undefined, and the caller answers 500 and logs the stack.
 */
export function toHttpException(error: unknown): HttpException | undefined {
  if (error instanceof HttpException) return error;
  if (isDatabaseUnavailable(error)) {
    logger.warn(`Database unavailable: ${describeError(error)}`);
    return new ServiceUnavailableException(UNAVAILABLE_MESSAGE);
  }
  const violation = constraintViolationOf(error);
  if (violation) {
    logger.warn(`Constraint violated: ${describeError(error)}`);
    const field = violation.column ? fieldName(violation.column) : 'a value';
    switch (violation.kind) {
      case 'unique':
        return new ConflictException(`${field} must be unique: another record already has this value`);
      case 'references':
        return new BadRequestException(`${field} must refer to an existing record`);
      case 'referenced':
        return new ConflictException(
          `Still referenced by ${fieldName(violation.childTable ?? 'other records')}: delete or move those first`,
        );
      case 'not-null':
        return new BadRequestException(`${field} must not be null`);
      case 'check':
        return new BadRequestException(`A value breaks the rule ${violation.constraint ?? 'of its column'}`);
    }
  }
  if (isValueRefusedByDatabase(error)) {
    logger.warn(`Value refused: ${describeError(error)}`);
    return new BadRequestException(REFUSED_VALUE_MESSAGE);
  }
  return undefined;
}
