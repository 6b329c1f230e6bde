import type { LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type LoggerOptions } from 'pino';
import type { Prettifier, PrettyOptions } from 'pino-pretty';

/** LOG_LEVEL keeps Nest's names; pino calls the same thresholds by its own. */
const PINO_LEVELS: Record<LogLevel, Level> = {
  verbose: 'trace',
  debug: 'debug',
  log: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
};

export function pinoLevel(level: LogLevel): Level {
  return PINO_LEVELS[level];
}

/**
 * Keys whose values are credentials, wherever they appear in a logged object. Spelled out in the casings they
 * come in (headers are lower case in Node, JSON bodies say `refresh_token` or `refreshToken`): a lookup per key,
 * no string made, since every line goes through here.
 */
const SECRET_KEYS = new Set(
  [
    'password',
    'token',
    'access_token',
    'accessToken',
    'refresh_token',
    'refreshToken',
    'id_token',
    'idToken',
    'secret',
    'authorization',
    'cookie',
    'set-cookie',
  ].flatMap((key) => [key, key[0].toUpperCase() + key.slice(1), key.toUpperCase()]),
);
export const REDACTED = '[redacted]';
const CENSOR_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The object with credentials censored, down to CENSOR_DEPTH levels of plain objects; the same object when it
 * holds none (the usual case: `{ context }`), so a line costs a few key lookups. pino's own `redact` would do it
 * by path, at ~10 µs a line with wildcard paths: most of a request's logging time.
 */
export function censorSecrets(
  object: Record<string, unknown>,
  depth = CENSOR_DEPTH,
): Record<string, unknown> {
  let censored: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    const replacement = SECRET_KEYS.has(key)
      ? REDACTED
      : depth > 1 && isPlainObject(value)
        ? censorSecrets(value, depth - 1)
        : value;
    if (replacement !== value) (censored ??= { ...object })[key] = replacement;
  }
  return censored ?? object;
}

/**
 * Credentials inside text: a bearer token (its space also as `+` or `%20`, as in a URL), anything shaped like a
 * JWT (in a path, `/x/eyJ…`, or under any name), or the value of a query parameter whose name says it is one
 * (`?access_token=…`, `&password=…`, `?authorization=…`, `?code=…`, `?otp=…`; not `?authorId=`), its name read as
 * the server reads it (`pass%77ord`, `password[]`). The logging interceptor prints request URLs as they came.
 */
const BEARER = /(\bBearer(?:\s|\+|%20)+)[^\s"',;&#]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const PARAMETER = /([?&;])([^=&#?;\s"']+)=[^&#\s"']*/g;
const SECRET_NAME =
  /pass|pwd|token|secret|key|auth(?!or(?!i[sz]ation))|credential|session|sig|code|cookie|jwt|bearer|^(?:otp|pin|sid)$/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

export function scrubSecrets(text: string): string {
  // Most lines hold none of them (`GET /cats/1 started`): three scans instead of the expressions. (B|b)earer.
  const hasParameters = text.includes('=');
  const hasBearer = text.includes('earer');
  const hasJwt = text.includes('eyJ');
  if (!hasParameters && !hasBearer && !hasJwt) return text;
  let scrubbed = hasBearer ? text.replace(BEARER, `$1${REDACTED}`) : text;
  if (hasJwt) scrubbed = scrubbed.replace(JWT, REDACTED);
  if (!hasParameters) return scrubbed;
  return scrubbed.replace(PARAMETER, (parameter, separator: string, name: string) =>
    SECRET_NAME.test(name.includes('%') ? decodedName(name) : name)
      ? `${separator}${name}=${REDACTED}`
      : parameter,
  );
}

/** pino's ISO time, formatted once per millisecond: a request's lines mostly share theirs. */
let lastTime = { ms: Number.NaN, field: '' };
function isoTime(): string {
  const ms = Date.now();
  if (ms !== lastTime.ms) lastTime = { ms, field: `,"time":"${new Date(ms).toISOString()}"` };
  return lastTime.field;
}

/**
 * The one pino configuration of the app (the start-up logger and the app's own): the level from LOG_LEVEL, an
 * ISO time, credentials censored in logged objects and in messages, errors with their stack. Production
 * writes level labels (`"level":"info"`) for log collectors; the development printer reads pino's numbers.
 */
export function loggerOptions({
  production,
  level,
}: {
  production: boolean;
  level: LogLevel;
}): LoggerOptions {
  return {
    level: pinoLevel(level),
    timestamp: isoTime,
    // The host name is the collector's to add (a container's is its id); the pid tells restarts apart.
    base: { pid: process.pid },
    formatters: {
      ...(production ? { level: (label: string) => ({ level: label }) } : {}),
      log: (object) => censorSecrets(object),
    },
    serializers: { err: pino.stdSerializers.err },
    hooks: {
      logMethod(args, method) {
        for (let index = 0; index < args.length; index += 1) {
          const value: unknown = args[index];
          if (typeof value === 'string') args[index] = scrubSecrets(value);
        }
        method.apply(this, args);
      },
    },
  };
}

const destinations = new Map<boolean, DestinationStream>();

/**
 * Where every line goes, one per process and mode. Production: stdout in batches (batchedStdout). Development:
 * readable lines through pino-pretty, a devDependency: without it (a production install run in development
 * mode) the lines stay JSON.
 */
export function logDestination(production: boolean): DestinationStream {
  let destination = destinations.get(production);
  if (!destination) {
    destination = (production ? undefined : prettyDestination()) ?? batchedStdout();
    destinations.set(production, destination);
  }
  return destination;
}

/** A production line at level error or fatal: `{"level":"error",…` (pino writes the level first). */
const URGENT = /^\{"level":"(?:error|fatal)"/;

/**
 * The lines logged in one turn of the event loop leave together, in one write at its end, through pino's
 * SonicBoom: each write is a system call (with pino's asynchronous mode, also a thread-pool round trip per
 * write, measured at ~5 µs a line under load, a sixth of the app's logging cost). An error or a fatal line is
 * written at once, after the lines before it, so it is never lost to a crash; what is pending is written before
 * the process exits. Writes are synchronous, as the console's are on Linux for files and pipes.
 */
export function batchedStdout(
  out: DestinationStream = pino.destination({ dest: 1, sync: true }),
): DestinationStream {
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (!pending) setImmediate(flush);
      pending += line;
      if (URGENT.test(line)) flush();
    },
  };
}

function prettyDestination(): DestinationStream | undefined {
  let prettyFactory: (options: PrettyOptions) => (line: string) => string;
  try {
    // Loaded only here, so that an install without devDependencies still starts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ({ prettyFactory } = require('pino-pretty') as typeof import('pino-pretty'));
  } catch (error) {
    const missing = error as NodeJS.ErrnoException;
    if (missing.code === 'MODULE_NOT_FOUND' && missing.message.includes("'pino-pretty'")) return undefined;
    throw error;
  }
  const format = prettyFactory(prettyOptions());
  // Synchronous, formatted as it is written: a line logged just before the process exits is not lost.
  const out = pino.destination({ dest: 1, sync: true });
  return { write: (line: string) => out.write(format(line)) };
}

/** Fields the development line shows elsewhere: in its level (context) or in the request's completion message. */
const SHOWN_IN_LINE = ['context', 'requestId', 'method', 'route', 'status', 'durationMs'];

/** `[12:30:05.123] WARN [Config]: JWT_SECRET is not set…`: Nest's level and context, pino-pretty's layout. */
export function prettyOptions(): PrettyOptions {
  // A prettifier answering undefined leaves its field out of the lines below the message; `ignore` would remove
  // it before the level is printed, context included.
  const hidden = (() => undefined) as unknown as Prettifier;
  return {
    colorize: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    customPrettifiers: {
      ...Object.fromEntries(SHOWN_IN_LINE.map((key) => [key, hidden])),
      level: (_level, _key, log, { labelColorized }) => {
        const { context } = log as { context?: unknown };
        return typeof context === 'string' && context ? `${labelColorized} [${context}]` : labelColorized;
      },
    },
  };
}
