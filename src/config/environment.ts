import { randomBytes } from 'node:crypto';
import { LOG_LEVELS, Logger, type LogLevel } from '@nestjs/common';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidateIf,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/** Every environment variable the app reads (CONTRACT §1), with its default and its rule. */
export class Environment {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer between 0 and 65535' })
  @Min(0, { message: 'PORT must be an integer between 0 and 65535' })
  @Max(65535, { message: 'PORT must be an integer between 0 and 65535' })
  PORT = 3000;

  // Required in production; elsewhere a random one is made at start (see validateEnvironment).
  @ValidateIf((env: Environment) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined)
  @IsString({ message: 'JWT_SECRET is required in production (at least 32 characters)' })
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET: string;

  @Type(() => Number)
  @IsInt({ message: 'JWT_EXPIRES_IN must be a whole number of seconds' })
  @Min(1, { message: 'JWT_EXPIRES_IN must be at least 1 second' })
  JWT_EXPIRES_IN = 60;

  @IsOptional()
  @IsString()
  @ValidateIf((env: Environment) => env.DATABASE_URL !== undefined)
  DATABASE_URL?: string;

  @IsString()
  @MinLength(1, { message: 'DATA_DIR must not be empty' })
  DATA_DIR = './data';

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'SEED_DEMO must be true or false' })
  SEED_DEMO?: boolean;

  @Transform(toList)
  @IsString({ each: true })
  CORS_ORIGINS: string[] = [];

  /** The least severe level printed: `warn` keeps warnings, errors and fatal errors (no line per request). */
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'log';

  /** Failed-or-not login attempts allowed per client and username in LOGIN_THROTTLE_TTL seconds. */
  @Type(() => Number)
  @IsInt({ message: 'LOGIN_THROTTLE_LIMIT must be a positive integer' })
  @Min(1, { message: 'LOGIN_THROTTLE_LIMIT must be a positive integer' })
  LOGIN_THROTTLE_LIMIT = 10;

  @Type(() => Number)
  @IsInt({ message: 'LOGIN_THROTTLE_TTL must be a positive whole number of seconds' })
  @Min(1, { message: 'LOGIN_THROTTLE_TTL must be a positive whole number of seconds' })
  LOGIN_THROTTLE_TTL = 60;

  /** The bearer token GET /metrics asks for in production (where it is 404 without one); development leaves it open. */
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  METRICS_TOKEN?: string;

  /**
   * Seconds between SIGTERM and closing the listener: /health/ready answers 503 at once and requests are still
   * served meanwhile, so a load balancer that probes it stops sending traffic before connections are refused.
   */
  @Type(() => Number)
  @IsInt({ message: 'SHUTDOWN_DELAY_SECONDS must be an integer between 0 and 300' })
  @Min(0, { message: 'SHUTDOWN_DELAY_SECONDS must be an integer between 0 and 300' })
  @Max(300, { message: 'SHUTDOWN_DELAY_SECONDS must be an integer between 0 and 300' })
  SHUTDOWN_DELAY_SECONDS = 0;

  @Type(() => Number)
  @IsInt({ message: 'PASSWORD_HASH_CONCURRENCY must be an integer between 1 and 16' })
  @Min(1, { message: 'PASSWORD_HASH_CONCURRENCY must be an integer between 1 and 16' })
  @Max(16, { message: 'PASSWORD_HASH_CONCURRENCY must be an integer between 1 and 16' })
  PASSWORD_HASH_CONCURRENCY = 2;

  // GraphQL document limits (both endpoints): the defaults pass every demo query with room to spare.
  /** Nesting of fields, fragments expanded (introspection not counted). */
  @Type(() => Number)
  @IsInt({ message: 'GRAPHQL_MAX_DEPTH must be a positive integer' })
  @Min(1, { message: 'GRAPHQL_MAX_DEPTH must be a positive integer' })
  GRAPHQL_MAX_DEPTH = 8;

  @Type(() => Number)
  @IsInt({ message: 'GRAPHQL_MAX_ALIASES must be a positive integer' })
  @Min(1, { message: 'GRAPHQL_MAX_ALIASES must be a positive integer' })
  GRAPHQL_MAX_ALIASES = 15;

  @Type(() => Number)
  @IsInt({ message: 'GRAPHQL_MAX_DIRECTIVES must be a positive integer' })
  @Min(1, { message: 'GRAPHQL_MAX_DIRECTIVES must be a positive integer' })
  GRAPHQL_MAX_DIRECTIVES = 20;

  /** Lexical tokens in a document (counted by the parser, which stops there). */
  @Type(() => Number)
  @IsInt({ message: 'GRAPHQL_MAX_TOKENS must be a positive integer' })
  @Min(1, { message: 'GRAPHQL_MAX_TOKENS must be a positive integer' })
  GRAPHQL_MAX_TOKENS = 1000;

  /**
   * An upper bound of the values an operation can answer: 1 per field and value, a list's selections once per
   * item it can hold (its declared bound, see graphql-limits.ts). 5000 admits a page of 100 authors with their
   * default 10 posts each (3 402), not 100 posts each.
   */
  @Type(() => Number)
  @IsInt({ message: 'GRAPHQL_MAX_COST must be a positive integer' })
  @Min(1, { message: 'GRAPHQL_MAX_COST must be a positive integer' })
  GRAPHQL_MAX_COST = 5000;

  /**
   * Bytes of one response (its JSON); a larger one is replaced by a RESPONSE_TOO_LARGE error. The cost limit
   * bounds the values; this bounds what long aliases or long strings make of them. 1 MiB is about 3 times the
   * largest response the default cost admits with ordinary names (README, Hardening).
   */
  @Type(() => Number)
  @IsInt({ message: 'GRAPHQL_MAX_RESPONSE_BYTES must be a positive integer' })
  @Min(1, { message: 'GRAPHQL_MAX_RESPONSE_BYTES must be a positive integer' })
  GRAPHQL_MAX_RESPONSE_BYTES = 1024 * 1024;

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
}

export class InvalidEnvironmentError extends Error {
  override readonly name = 'InvalidEnvironmentError';
}

function checkDatabaseUrl(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database)';
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    return `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//)`;
  }
  if (!parsed.hostname) return 'DATABASE_URL has no host name';
  return undefined;
}

/** Used as ConfigModule's `validate`: a bad value stops the app at start with the variable's name. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { excludeExtraneousValues: false });
  const problems = [
    ...new Set(
      validateSync(env).flatMap((error) =>
        Object.values(error.constraints ?? { invalid: `${error.property} is invalid` }),
      ),
    ),
  ];
  const urlProblem = checkDatabaseUrl(env.DATABASE_URL);
  if (urlProblem) problems.push(urlProblem);
  if (problems.length > 0) {
    throw new InvalidEnvironmentError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  if (env.DATABASE_URL === '') env.DATABASE_URL = undefined;
  env.SEED_DEMO ??= !env.isProduction;
  if (env.JWT_SECRET === undefined) {
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    new Logger('Config').warn(
      'JWT_SECRET is not set: using a random secret for this run; tokens will not survive a restart.',
    );
  }
  return env;
}
