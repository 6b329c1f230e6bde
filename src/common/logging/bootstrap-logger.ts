import { LOG_LEVELS, type LoggerService, type LogLevel } from '@nestjs/common';
import pino, { type Level, type Logger } from 'pino';
import { StartupError } from '../errors/startup-error';
import { logDestination, loggerOptions } from './logger-options';

/**
 * Nest's logger over pino for what is logged before the app's own logger (nestjs-pino, LoggingModule) exists:
 * the configuration's warnings, Nest's start-up lines, a start-up failure, and `npm run db:migrate`. Same
 * options and destination as the app's, so a deployment reads one format from the first line to the last.
 */
export class BootstrapLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  /**
   * Nest's ExceptionHandler prints a start-up failure, stack and all, before handing it to the entry point (both
   * start with abortOnError: false), whose catch prints its message. A StartupError is left to that catch: one line.
   */
  error(message: unknown, ...params: unknown[]): void {
    if (message instanceof StartupError && params.at(-1) === 'ExceptionHandler') return;
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last (`new Logger('Config').warn(text)` → `warn(text, 'Config')`), a stack before it. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const stack =
      params.length > 1 && typeof params[0] === 'string' && /\n\s*at /.test(params[0])
        ? params[0]
        : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (stack) this.pino[level]({ context, err: { message: String(message), stack } }, String(message));
    else this.pino[level]({ context }, typeof message === 'string' ? message : JSON.stringify(message));
  }
}

/**
 * The start-up logger, configured from the raw environment: it runs before the configuration is validated. An
 * invalid LOG_LEVEL falls back to `log` here, and validation then stops the start naming it.
 */
export function createBootstrapLogger(
  env: NodeJS.ProcessEnv = process.env,
  level: LogLevel = LOG_LEVELS.includes(env.LOG_LEVEL as LogLevel) ? (env.LOG_LEVEL as LogLevel) : 'log',
): BootstrapLogger {
  const production = env.NODE_ENV === 'production';
  const logger = pino(loggerOptions({ production, level }), logDestination(production));
  return new BootstrapLogger(logger);
}
