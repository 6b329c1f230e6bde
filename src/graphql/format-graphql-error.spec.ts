import {
  BadGatewayException,
  BadRequestException,
  ForbiddenException,
  Logger,
  NotFoundException,
  UnauthorizedException,
  ValidationPipe,
} from '@nestjs/common';
import { IsString, MinLength } from 'class-validator';
import { buildSchema, GraphQLError, type GraphQLFormattedError, parse, validate } from 'graphql';
import { REFUSED_VALUE_MESSAGE, UNAVAILABLE_MESSAGE } from '../common/errors/to-http-exception';
import {
  formatGraphqlError,
  INTERNAL_ERROR_MESSAGE,
  VALIDATION_BUDGET_MESSAGE,
} from './format-graphql-error';

class NameArgs {
  @IsString()
  @MinLength(3)
  name: string;
}

/** What Apollo hands to formatError for an error thrown by a resolver at `author`. */
function fromResolver(thrown: unknown): [GraphQLFormattedError, GraphQLError] {
  const located = new GraphQLError(thrown instanceof Error ? thrown.message : String(thrown), {
    path: ['author'],
    originalError: thrown instanceof Error ? thrown : undefined,
  });
  const formatted: GraphQLFormattedError = {
    message: located.message,
    locations: [{ line: 1, column: 3 }],
    path: ['author'],
    extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['Error: …', '    at secret.ts:1'] },
  };
  return [formatted, located];
}

describe(formatGraphqlError.name, () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation();
  });
  afterEach(() => jest.restoreAllMocks());

  it('should turn a validation failure into BAD_USER_INPUT with the class-validator messages', async () => {
    const failure = await new ValidationPipe()
      .transform({ name: 'Al' }, { type: 'body', metatype: NameArgs })
      .catch((error: unknown) => error);

    const result = formatGraphqlError(...fromResolver(failure));

    expect(result).toEqual({
      message: 'name must be longer than or equal to 3 characters',
      locations: [{ line: 1, column: 3 }],
      path: ['author'],
      extensions: {
        code: 'BAD_USER_INPUT',
        validationErrors: ['name must be longer than or equal to 3 characters'],
      },
    });
  });

  it.each([
    [new BadRequestException('Bad cursor'), 'BAD_USER_INPUT', 'Bad cursor'],
    [new UnauthorizedException(), 'UNAUTHENTICATED', 'Unauthorized'],
    [new ForbiddenException(), 'FORBIDDEN', 'Forbidden'],
    [new NotFoundException('Post 9 not found'), 'NOT_FOUND', 'Post 9 not found'],
    [new BadGatewayException(), 'BAD_GATEWAY', 'Bad Gateway'],
  ])('should give %p the code %s and keep its message', (exception, code, message) => {
    const result = formatGraphqlError(...fromResolver(exception));

    expect(result).toEqual({
      message,
      locations: [{ line: 1, column: 3 }],
      path: ['author'],
      extensions: { code },
    });
  });

  it('should pass GraphQL errors through without a stack trace', () => {
    const error = new GraphQLError('Cannot query field "nope" on type "Query".', {
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const formatted = {
      message: error.message,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', stacktrace: ['GraphQLError: …'] },
    };

    expect(formatGraphqlError(formatted, error)).toEqual({
      message: error.message,
      locations: undefined,
      path: undefined,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('should drop graphql-js\'s "Did you mean" with hideSuggestions, and only then', () => {
    const message =
      'Variable "$f" got invalid value { autorId: 1 }; Field "autorId" is not defined by type "BookFilter". Did you mean "authorId"?';
    const error = new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
    const formatted = { message, extensions: { code: 'BAD_USER_INPUT' } };

    expect(formatGraphqlError(formatted, error, undefined, { hideSuggestions: true }).message).toBe(
      'Variable "$f" got invalid value { autorId: 1 }; Field "autorId" is not defined by type "BookFilter".',
    );
    expect(formatGraphqlError(formatted, error).message).toBe(message);
  });

  it("should say why graphql-js's validation aborted, which its own message does not", () => {
    const fields = Array.from({ length: 1_000 }, () => '__typename').join(' ');
    const [aborted] = validate(buildSchema('type Query { a: Int }'), parse(`{ ${fields} }`));
    const formatted = { message: aborted.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };

    expect(aborted.message).toBe('Validation aborted.');
    expect(formatGraphqlError(formatted, aborted).message).toBe(VALIDATION_BUDGET_MESSAGE);
  });

  it('should mask an unexpected error and log it once: its message, then the frames of its stack', () => {
    const result = formatGraphqlError(...fromResolver(new Error('password authentication failed for "app"')));

    expect(result).toEqual({
      message: INTERNAL_ERROR_MESSAGE,
      locations: [{ line: 1, column: 3 }],
      path: ['author'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(jest.mocked(Logger.prototype.error).mock.calls).toEqual([
      ['GraphQL author: password authentication failed for "app"', expect.stringMatching(/^\s+at /)],
    ]);
    expect(jest.mocked(Logger.prototype.error).mock.calls[0][1]).not.toMatch(/password authentication/);
  });

  it('should log no query parameters of an unexpected database error', () => {
    const cause = Object.assign(new Error('internal error'), { code: 'XX000' });

    formatGraphqlError(...fromResolver(new Error('Failed query: insert …\nparams: hunter2', { cause })));

    expect(jest.mocked(Logger.prototype.error).mock.calls).toEqual([
      ['GraphQL author: internal error (XX000)', expect.any(String)],
    ]);
    expect(JSON.stringify(jest.mocked(Logger.prototype.error).mock.calls)).not.toMatch(
      /hunter2|Failed query/,
    );
  });

  it('should answer SERVICE_UNAVAILABLE when the database cannot be reached, its details in the log only', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });

    const result = formatGraphqlError(
      ...fromResolver(new Error('Failed query: select …', { cause: refused })),
    );

    expect(result).toEqual({
      message: UNAVAILABLE_MESSAGE,
      locations: [{ line: 1, column: 3 }],
      path: ['author'],
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(Logger.prototype.warn).toHaveBeenCalledWith(
      'Database unavailable: connect ECONNREFUSED 10.0.0.5:5432',
    );
  });

  it('should answer BAD_USER_INPUT when the database refused a value of the request (a NUL character)', () => {
    const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });

    const result = formatGraphqlError(
      ...fromResolver(new Error('Failed query: select …', { cause: refused })),
    );

    expect(result).toEqual({
      message: REFUSED_VALUE_MESSAGE,
      locations: [{ line: 1, column: 3 }],
      path: ['author'],
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
