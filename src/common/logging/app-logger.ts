import { ConsoleLogger, type ConsoleLoggerOptions, LOG_LEVELS, type LogLevel } from '@nestjs/common';
import { StartupError } from '../errors/startup-error';

/** `warn` → warn, error, fatal: the threshold and every more severe level (Nest's LOG_LEVELS, least severe first). */
export function levelsFrom(threshold: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(LOG_LEVELS.indexOf(threshold));
}

/**
 * Nest's console format, cheap enough for the two lines per request that the global LoggingInterceptor writes.
 * Writing to a file or a pipe blocks in Node, and the stock logger pays one system call and one Intl date
 * format per line; here:
 * - `log` lines written in one turn of the event loop leave together, in one write, at the end of it. Any other
 *   level first flushes them and is written at once, so the order holds and a warning or an error never waits;
 *   what is pending is written before the process exits;
 * - the timestamp shows whole seconds, so it is formatted once per second;
 * - colours only on a terminal: a file or a log collector gets plain text (NO_COLOR still turns them off).
 */
export class AppLogger extends ConsoleLogger {
  private timestamp = { second: Number.NaN, text: '' };
  private pending: string[] = [];
  private readonly flush = (): void => {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    process.off('exit', this.flush);
    process.stdout.write(text);
  };

  constructor(options: ConsoleLoggerOptions = {}) {
    super({ colors: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR, ...options });
  }

  /**
   * Nest's ExceptionHandler prints a start-up failure, stack and all, before handing it to the entry point (both
   * start with abortOnError: false), whose catch prints its message. A StartupError is left to that catch: one line.
   */
  override error(message: unknown, ...optionalParams: unknown[]): void {
    if (message instanceof StartupError && optionalParams.at(-1) === 'ExceptionHandler') return;
    super.error(message, ...optionalParams);
  }

  protected override printMessages(
    messages: unknown[],
    context = '',
    logLevel: LogLevel = 'log',
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    const { json, forceConsole, redact } = this.options;
    if (logLevel !== 'log' || writeStreamType === 'stderr' || json || forceConsole || redact) {
      this.flush();
      return super.printMessages(messages, context, logLevel, writeStreamType, errorStack, params);
    }
    if (this.pending.length === 0) {
      setImmediate(this.flush);
      process.once('exit', this.flush);
    }
    for (const message of messages) {
      this.pending.push(
        this.formatMessage(
          logLevel,
          message,
          this.formatPid(process.pid),
          logLevel.toUpperCase().padStart(7, ' '),
          this.formatContext(context),
          this.updateAndGetTimestampDiff(),
          params,
        ),
      );
    }
  }

  protected override getTimestamp(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.timestamp.second) this.timestamp = { second, text: super.getTimestamp() };
    return this.timestamp.text;
  }
}
