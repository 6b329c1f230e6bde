import { randomBytes } from 'node:crypto';
import { LOG_LEVELS, Logger, type LogLevel } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Min,
  MinLength,
  validateSync,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { StartupError } from '../common/errors/startup-error';
import { IsIntInRange, toBoolean, toInteger } from '../common/validation/field-validators';
import { parseTrustProxy, TRUST_PROXY_RULE, type TrustProxy } from './trust-proxy';

const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/** The file ConfigModule adds variables from, in the working directory (its own default, named here once). */
export const ENV_FILE = '.env';

const JWT_SECRET_MIN_LENGTH = 32;
/** In production: 32 × `a`, or a word repeated, is long but guessable. 48 random base64 characters have ~40. */
const JWT_SECRET_MIN_DISTINCT_CHARACTERS = 16;

/** Why JWT_SECRET cannot sign tokens, or undefined when it can. */
function jwtSecretProblem(value: unknown, env: Environment): string | undefined {
  if (typeof value !== 'string') {
    return `JWT_SECRET is required in production (at least ${JWT_SECRET_MIN_LENGTH} characters)`;
  }
  if (value.length < JWT_SECRET_MIN_LENGTH) {
    return `JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long`;
  }
  const distinct = new Set(value).size;
  if (env.NODE_ENV === 'production' && distinct < JWT_SECRET_MIN_DISTINCT_CHARACTERS) {
    return (
      `JWT_SECRET must have at least ${JWT_SECRET_MIN_DISTINCT_CHARACTERS} distinct characters in production ` +
      `(it has ${distinct}): make one with \`openssl rand -base64 48\``
    );
  }
  return undefined;
}

/** Every environment variable the app reads, with its default and its rule (the README lists them too). */
export class Environment {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @Transform(toInteger)
  @IsIntInRange(0, 65535)
  PORT = 3000;

  // Required in production; elsewhere a random one is made at start (see validateEnvironment).
  @ValidateIf((env: Environment) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined)
  // One rule, so that a missing secret is not also "too short".
  @ValidateBy({
    name: 'isJwtSecret',
    validator: {
      validate: (value: unknown, args) => jwtSecretProblem(value, args?.object as Environment) === undefined,
      defaultMessage: (args) => jwtSecretProblem(args?.value, args?.object as Environment) ?? '',
    },
  })
  JWT_SECRET: string;

  @Transform(toInteger)
  @IsInt({ message: 'JWT_EXPIRES_IN must be a whole number of seconds' })
  @Min(1, { message: 'JWT_EXPIRES_IN must be at least 1 second' })
  JWT_EXPIRES_IN = 60;

  @IsOptional()
  @IsString()
  @ValidateIf((env: Environment) => env.DATABASE_URL !== undefined)
  DATABASE_URL?: string;

  /** PostgreSQL: connections per instance. N instances open up to N times this: keep it under max_connections. */
  @Transform(toInteger)
  @IsIntInRange(1, 1000)
  DATABASE_POOL_MAX = 10;

  /**
   * PostgreSQL: the server cancels a statement after this many milliseconds (the client gives up 1 s later). No
   * 0 (PostgreSQL's "never"): a request must not wait on the database past a bound.
   */
  @Transform(toInteger)
  @IsIntInRange(100, 600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 5_000;

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

  /**
   * Express's `trust proxy`: whose X-Forwarded-For and X-Forwarded-Proto to believe, so that behind a TLS proxy
   * `@Ip()` and the login throttle see the client, and session cookies are Secure. Off by default: without a
   * proxy those headers are the client's own claims. A value Express cannot read stays a string and is refused.
   */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (parseTrustProxy(value) ?? value) : value,
  )
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) => typeof value !== 'string',
      defaultMessage: (args) => `${TRUST_PROXY_RULE} (got "${String(args?.value)}")`,
    },
  })
  TRUST_PROXY: TrustProxy = false;

  /** The least severe level printed: `warn` keeps warnings, errors and fatal errors (no line per request). */
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'log';

  /** `false`: POST /auth/signup answers 404, as if it did not exist (accounts are then made by other means). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'SIGNUP_ENABLED must be true or false' })
  SIGNUP_ENABLED = true;

  /** Seconds a login's refresh tokens live, counted from the login (refreshing does not extend it): 30 days. */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive whole number of seconds' })
  REFRESH_TOKEN_TTL = 2_592_000;

  /**
   * Seconds after a rotation during which the refresh token it spent still answers (a fresh pair of the same
   * login) instead of counting as reuse: a client that lost the answer to a refresh may retry. 0: no grace.
   */
  @Transform(toInteger)
  @IsIntInRange(0, 300)
  REFRESH_REUSE_GRACE_SECONDS = 10;

  /** `true`: a user whose e-mail address is not confirmed cannot log in (403). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'REQUIRE_VERIFIED_EMAIL must be true or false' })
  REQUIRE_VERIFIED_EMAIL = false;

  /** Seconds an e-mail confirmation link stays valid: a day. */
  @Transform(toInteger)
  @IsIntInRange(60, undefined, { message: '$property must be a whole number of seconds, at least 60' })
  EMAIL_TOKEN_TTL = 86_400;

  /** Seconds a password reset link stays valid: 15 minutes. */
  @Transform(toInteger)
  @IsIntInRange(60, undefined, { message: '$property must be a whole number of seconds, at least 60' })
  PASSWORD_RESET_TTL = 900;

  /**
   * `smtp://user:pass@host:port` or `smtps://…`: where mail goes. Unset: development prints each mail to the log,
   * production answers 503 wherever a mail is needed.
   */
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsOptional()
  @ValidateBy({
    name: 'isMailUrl',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && /^smtps?:\/\/[^/\s]+/.test(value),
      defaultMessage: () => 'MAIL_URL must look like smtp://user:password@host:587 or smtps://…',
    },
  })
  MAIL_URL?: string;

  /** The sender of every mail. */
  @IsString()
  @MinLength(3, { message: 'MAIL_FROM must be an address such as no-reply@example.com' })
  MAIL_FROM = 'no-reply@localhost';

  /** The base of every link in a mail (the page that reads the token). Unset: http://localhost:<PORT>. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : undefined,
  )
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    {
      message: 'APP_URL must be an http(s) URL such as https://app.example.com',
    },
  )
  APP_URL?: string;

  /** Attempts to deliver one mail before it is given up (with one error line in the log). */
  @Transform(toInteger)
  @IsIntInRange(1, 100)
  MAIL_MAX_ATTEMPTS = 6;

  /**
   * Milliseconds before the first retry of a mail; each next one waits twice as long. With 6 attempts: 5 + 10 + 20
   * + 40 + 80 s, about 2.5 minutes of retries before the mail is given up.
   */
  @Transform(toInteger)
  @IsIntInRange(10, 3_600_000)
  MAIL_RETRY_BASE_MS = 5_000;

  /** Failed-or-not login attempts allowed per client and username in LOGIN_THROTTLE_TTL seconds. */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  LOGIN_THROTTLE_LIMIT = 10;

  /**
   * Login attempts allowed per client address across all usernames in LOGIN_THROTTLE_TTL seconds: stops one
   * source trying many usernames. Above LOGIN_THROTTLE_LIMIT, so a few people behind one address can still log in.
   */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  LOGIN_THROTTLE_ADDRESS_LIMIT = 30;

  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive whole number of seconds' })
  LOGIN_THROTTLE_TTL = 60;

  /** Authenticated writes (REST POST/PUT/PATCH/DELETE, GraphQL mutations) one user may make per WRITE_THROTTLE_TTL. */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  WRITE_THROTTLE_LIMIT = 600;

  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive whole number of seconds' })
  WRITE_THROTTLE_TTL = 60;

  /**
   * POST /auth/refresh attempts per client address per WRITE_THROTTLE_TTL, good tokens or not. A client refreshes
   * about once per JWT_EXPIRES_IN: 120 a minute leaves room for many clients behind one address, while a flood of
   * made-up tokens gets 2 a second instead of hundreds.
   */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  REFRESH_THROTTLE_LIMIT = 120;

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
  @Transform(toInteger)
  @IsIntInRange(0, 300)
  SHUTDOWN_DELAY_SECONDS = 0;

  @Transform(toInteger)
  @IsIntInRange(1, 16)
  PASSWORD_HASH_CONCURRENCY = 2;

  /**
   * Password hashes allowed to wait for a slot; past it a login gets 503 with Retry-After at once. The wait of an
   * admitted login is about (this + PASSWORD_HASH_CONCURRENCY) hashes: 8 + 2 is ~1 s on 2 vCPUs (~9 hashes/s),
   * ~2 s when a flood's rejections halve that (measured by `npm run bench -- login`).
   */
  @Transform(toInteger)
  @IsIntInRange(0, 1000)
  PASSWORD_HASH_QUEUE_LIMIT = 8;

  /**
   * Password hashes one client address may have running or waiting at once; past it that client gets 503 at once.
   * So one source, even in its first burst (before LOGIN_THROTTLE_ADDRESS_LIMIT stops it), holds no more than the
   * slots' worth and never the queue: anyone else waits one round at most. Two people behind one address can
   * still log in at the same moment; a third retries (Retry-After).
   */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  PASSWORD_HASH_CLIENT_LIMIT = 2;

  /** Sessions the store keeps at most, all clients together (the least recently used dropped first). */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  SESSION_MAX_COUNT = 10_000;

  /**
   * Sessions kept per client address: a client over it loses its own oldest session, never another client's.
   * 100 leaves room for many people behind one NAT, and takes 100 addresses to churn the default store.
   */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  SESSION_MAX_PER_CLIENT = 100;

  // GraphQL document limits (both endpoints): the defaults pass every demo query with room to spare.
  /** Nesting of fields, fragments expanded (introspection: at least what its standard query needs, graphql-limits.ts). */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  GRAPHQL_MAX_DEPTH = 8;

  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  GRAPHQL_MAX_ALIASES = 15;

  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  GRAPHQL_MAX_DIRECTIVES = 20;

  /** Lexical tokens in a document (counted by the parser, which stops there). */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  GRAPHQL_MAX_TOKENS = 1000;

  /**
   * An upper bound of the values an operation can answer: 1 per field and value, a list's selections once per
   * item it can hold (its declared bound, see graphql-limits.ts). 5000 admits a page of 100 authors with their
   * default 10 posts each (3 402), not 100 posts each.
   */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  GRAPHQL_MAX_COST = 5000;

  /**
   * Bytes of one response (its JSON); a larger one is replaced by a RESPONSE_TOO_LARGE error. The cost limit
   * bounds the values; this bounds what long aliases or long strings make of them. 1 MiB is about 3 times the
   * largest response the default cost admits with ordinary names (README, Hardening).
   */
  @Transform(toInteger)
  @IsIntInRange(1, undefined, { message: '$property must be a positive integer' })
  GRAPHQL_MAX_RESPONSE_BYTES = 1024 * 1024;

  /**
   * GraphQL subscriptions: open WebSocket connections one user may hold at once on this instance (whatever the
   * token); the next is closed with 4429 right after its connection_init.
   */
  @Transform(toInteger)
  @IsIntInRange(1, 1000)
  WS_MAX_CONNECTIONS_PER_USER = 10;

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
}

/** A bad setting: one message naming the variables, no stack trace (a StartupError). */
export class InvalidEnvironmentError extends StartupError {
  override readonly name: string = 'InvalidEnvironmentError';
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

/**
 * The rules, and nothing else: the parsed environment, or an InvalidEnvironmentError naming every bad variable.
 * validateEnvironment (ConfigModule's) runs it, and so does main.ts before it loads the app, so that a bad
 * setting stops the start in a fraction of the time with the same message.
 */
export function checkEnvironment(raw: Record<string, unknown>): Environment {
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
  return env;
}

/** What validateEnvironment fills in for a variable left unset, where a command differs from the app. */
export interface EnvironmentDefaults {
  /**
   * SEED_DEMO when unset. The app: on unless production. `npm run db:migrate` passes false: it may well be run
   * against a production database without NODE_ENV, and must not add the demo admin there.
   */
  seedDemo?: boolean;
}

/** Used as ConfigModule's `validate`: a bad value stops the app at start with the variable's name. */
export function validateEnvironment(
  raw: Record<string, unknown>,
  defaults: EnvironmentDefaults = {},
): Environment {
  const env = checkEnvironment(raw);
  if (env.DATABASE_URL === '') env.DATABASE_URL = undefined;
  env.SEED_DEMO ??= defaults.seedDemo ?? !env.isProduction;
  if (env.JWT_SECRET === undefined) {
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    new Logger('Config').warn(
      'JWT_SECRET is not set: using a random secret for this run; tokens will not survive a restart.',
    );
  }
  return env;
}
