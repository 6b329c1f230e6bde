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
  resourceShortageOf,
} from './database-errors';
import type { ResourceShortageLog } from './resource-shortage-log';

export const UNAVAILABLE_MESSAGE = 'Service unavailable, try again later';
export const REFUSED_VALUE_MESSAGE = 'A value in the request cannot be stored';
// Every route takes an object (an array passes the parser, and the route's validation refuses it).
export const NOT_A_DOCUMENT_MESSAGE = 'A JSON body must be an object';

const logger = new Logger('Errors');

/** `author_id` → `authorId`: the name the API gives a column. */
const fieldName = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());

/**
 * The one place where an error becomes an answer, for the HTTP filter and the GraphQL formatter alike.
 * Nest's HTTP exceptions are the app's domain errors (services throw NotFound, Conflict, Forbidden, BadRequest)
 * and pass as they are. Database errors that are the client's doing or the moment's become one of them, so a
 * repository never tests SQLSTATE codes: a broken unique key → 409, a missing parent → 400, a parent that still
 * has children → 409, a null or a value the column refuses → 400, the database away or short of resources
 * (disk full, out of memory) → 503, the shortage recorded in `shortages` for /health.
 * Each is logged in one line without the query's parameters (describeError).
 * Anything else is unexpected: undefined, and the caller answers 500 and logs it with logUnexpectedError.
 */
export function toHttpException(error: unknown, shortages?: ResourceShortageLog): HttpException | undefined {
  // Nest's Express adapter hands body-parser's errors on as a 400 (or 413…) with the error as its cause.
  if (isJsonBodyNotADocument(error instanceof HttpException ? error.cause : error)) {
    return new BadRequestException(NOT_A_DOCUMENT_MESSAGE);
  }
  if (error instanceof HttpException) return error;
  if (isDatabaseUnavailable(error)) {
    const shortage = resourceShortageOf(error);
    if (shortage) shortages?.record(shortage);
    logger.warn(
      `${shortage ? 'Database short of resources' : 'Database unavailable'}: ${describeError(error)}`,
    );
    return new ServiceUnavailableException(UNAVAILABLE_MESSAGE);
  }
  const violation = constraintViolationOf(error);
  if (violation) {
    logger.warn(`Constraint violated: ${describeError(error)}`);
    const field = violation.column ? fieldName(violation.column) : 'A value';
    switch (violation.kind) {
      case 'unique':
        return new ConflictException(`${field} must be unique: another record already has this value`);
      case 'references':
        return new BadRequestException(`${field} must refer to an existing record`);
      case 'referenced':
        // In words (`book reviews`), which both APIs share: a GraphQL field or a REST path would fit only one.
        return new ConflictException(
          `Still referenced by ${(violation.childTable ?? 'other records').replace(/_/g, ' ')}: delete or move those first`,
        );
      case 'not-null':
        return new BadRequestException(`${field} must not be null`);
      case 'check':
        // The constraint's name is the schema's business, not the client's: the log has it.
        return new BadRequestException('A value is outside what its field allows');
    }
  }
  if (isValueRefusedByDatabase(error)) {
    logger.warn(`Value refused: ${describeError(error)}`);
    return new BadRequestException(REFUSED_VALUE_MESSAGE);
  }
  return undefined;
}

/**
 * body-parser's refusal of a JSON body that is valid JSON but not an object or array (`null`, `42`, `"text"`): its
 * own message says the JSON is invalid (`Unexpected token 'n', "null" is not valid JSON`). Malformed JSON keeps it.
 */
function isJsonBodyNotADocument(error: unknown): boolean {
  if (!(error instanceof SyntaxError)) return false;
  const { type, body } = error as { type?: unknown; body?: unknown };
  if (type !== 'entity.parse.failed' || typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Logs an error that nothing maps (a bug, an unexpected database error) once, for a 500: its description
 * (describeError: the driver's message and code, never the query's parameters) and the stack's frames. The stack's
 * own first lines repeat the message, which for Drizzle carries the parameters: they are left out.
 * `where` names the request or GraphQL path.
 */
export function logUnexpectedError(error: unknown, where: string): void {
  const stack = (error as { stack?: unknown } | null)?.stack;
  const frames =
    typeof stack === 'string'
      ? stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : '';
  const message = `${where}: ${describeError(error)}`;
  if (frames) logger.error(message, frames);
  else logger.error(message);
}
