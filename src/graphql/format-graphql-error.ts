import { unwrapResolverError } from '@apollo/server/errors';
import { HttpException, HttpStatus } from '@nestjs/common';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ResourceShortageLog } from '../common/errors/resource-shortage-log';
import { logUnexpectedError, toHttpException } from '../common/errors/to-http-exception';

// The statuses of Nest's HTTP exceptions as GraphQL error codes; others are the status name (404 → NOT_FOUND).
const CODE_BY_STATUS: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: 'BAD_USER_INPUT',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
};

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** graphql-js's hint at names the schema holds ("… Did you mean "authorId"?"), as Apollo's own plugin strips it. */
const SUGGESTION = / ?Did you mean(.+?)\?$/;

/** All graphql-js says when a document spends its validation budget (fields to compare for merging, fragments). */
const VALIDATION_ABORTED = 'Validation aborted.';
export const VALIDATION_BUDGET_MESSAGE =
  'Validation aborted: the document repeats fields or fragments too often to check them (write each field once per selection)';

/** A validation error's message, graphql-js's bare "Validation aborted." said with its reason (HTTP and WebSocket). */
export function explainedValidationMessage(message: string): string {
  return message === VALIDATION_ABORTED ? VALIDATION_BUDGET_MESSAGE : message;
}

/**
 * Apollo's `formatError` for every GraphQL endpoint of the app (use with `autoTransformHttpErrors: false`), with
 * the app's ResourceShortageLog bound (graphqlEndpointOptions).
 * - GraphQL errors (syntax, validation, variables, errors thrown on purpose) pass through; with `hideSuggestions`,
 *   without graphql-js's "Did you mean …?" (Apollo strips it from validation errors, not from variables' errors);
 *   graphql-js's bare "Validation aborted." says why.
 * - Every other error is mapped as for HTTP (`toHttpException`: domain errors, constraint violations, the
 *   database away or short of resources) and rendered with a code: 400 → BAD_USER_INPUT (with the validation messages),
 *   401 → UNAUTHENTICATED, 403 → FORBIDDEN, others → the status name (404 → NOT_FOUND, 409 → CONFLICT,
 *   503 → SERVICE_UNAVAILABLE).
 * - Anything else is unexpected: logged once (logUnexpectedError: no query parameters), answered with a generic
 *   message.
 * Only message, locations, path and extensions.code (+ validationErrors) reach the client, never a stack trace.
 */
export function formatGraphqlError(
  formatted: GraphQLFormattedError,
  error: unknown,
  shortages?: ResourceShortageLog,
  { hideSuggestions = false }: { hideSuggestions?: boolean } = {},
): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const { locations, path } = formatted;

  if (original instanceof GraphQLError) {
    const { stacktrace: _stacktrace, exception: _exception, ...extensions } = formatted.extensions ?? {};
    const message = hideSuggestions ? formatted.message.replace(SUGGESTION, '') : formatted.message;
    return { message: explainedValidationMessage(message), locations, path, extensions };
  }

  const mapped = toHttpException(original, shortages);
  if (mapped) {
    const status = mapped.getStatus();
    const messages = validationMessages(mapped);
    return {
      message: messages ? messages.join('; ') : mapped.message,
      locations,
      path,
      extensions: {
        code: CODE_BY_STATUS[status] ?? HttpStatus[status] ?? 'INTERNAL_SERVER_ERROR',
        ...(messages && { validationErrors: messages }),
      },
    };
  }

  logUnexpectedError(original, `GraphQL ${path ? path.join('.') : 'request'}`);
  return { message: INTERNAL_ERROR_MESSAGE, locations, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The messages of a ValidationPipe failure (`{ message: string[] }`), if that is what this is. */
function validationMessages(exception: HttpException): string[] | undefined {
  const response = exception.getResponse();
  if (typeof response !== 'object' || response === null) return undefined;
  const { message } = response as { message?: unknown };
  return Array.isArray(message) && message.every((item) => typeof item === 'string') ? message : undefined;
}
