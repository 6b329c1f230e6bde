import type { SchemaObject } from '@nestjs/swagger';

export const ERROR_RESPONSE_SCHEMA_NAME = 'ErrorResponse';

/**
 * The body of every error answer (4xx, 5xx) as the exception filter writes it (common/errors): Nest's
 * `{statusCode, message, error?}`. `message` is a list for a body that fails validation (one line per problem) and
 * a sentence otherwise; `error` is the status's name, left out by some errors (a 401, a 429, a 500).
 * Never a stack trace or internal details.
 */
export const ERROR_RESPONSE_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'An error answer: its status, what went wrong, and the name of the status.',
  required: ['statusCode', 'message'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status, repeated.', example: 404 },
    message: {
      description: 'What went wrong: a sentence, or one line per invalid field of a body.',
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      example: 'Book 42 not found',
    },
    error: { type: 'string', description: 'The name of the status.', example: 'Not Found' },
  },
};
