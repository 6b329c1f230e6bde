import { Logger } from '@nestjs/common';
import pino from 'pino';
import { StartupError } from '../errors/startup-error';
import { BootstrapLogger } from './bootstrap-logger';
import { loggerOptions } from './logger-options';

describe(BootstrapLogger.name, () => {
  let lines: Array<Record<string, unknown>>;
  let logger: BootstrapLogger;

  const using = (level: 'log' | 'warn') => {
    lines = [];
    logger = new BootstrapLogger(
      pino(loggerOptions({ production: true, level }), {
        write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
      }),
    );
  };

  beforeEach(() => using('log'));

  afterEach(() => Logger.overrideLogger(false));

  it("should log Nest's lines with their level and context", () => {
    Logger.overrideLogger(logger);

    new Logger('Config').warn('JWT_SECRET is not set');
    new Logger('Bootstrap').log('Listening');

    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', context: 'Config', msg: 'JWT_SECRET is not set' }),
      expect.objectContaining({ level: 'info', context: 'Bootstrap', msg: 'Listening' }),
    ]);
  });

  it('should print only the enabled levels (LOG_LEVEL)', () => {
    using('warn');

    logger.log('hidden', 'Test');
    logger.verbose('hidden', 'Test');
    logger.warn('shown', 'Test');

    expect(lines.map((line) => line.msg)).toEqual(['shown']);
  });

  describe('start-up errors', () => {
    it("should leave a StartupError reported by Nest's ExceptionHandler to the entry point", () => {
      // As Nest reports it: new Logger('ExceptionHandler').error(exception).
      logger.error(new StartupError('DATA_DIR /x is in use'), 'ExceptionHandler');

      expect(lines).toEqual([]);
    });

    it('should print the entry point’s one line: the message, no stack', () => {
      logger.fatal('DATA_DIR /x is in use', 'Bootstrap');

      expect(lines).toEqual([
        expect.objectContaining({ level: 'fatal', context: 'Bootstrap', msg: 'DATA_DIR /x is in use' }),
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/\\n\s+at /);
    });

    it('should print any other error the ExceptionHandler reports, with its stack', () => {
      logger.error(new Error('unexpected'), 'ExceptionHandler');

      expect(lines).toEqual([
        expect.objectContaining({
          level: 'error',
          context: 'ExceptionHandler',
          msg: 'unexpected',
          err: expect.objectContaining({ message: 'unexpected', stack: expect.stringMatching(/\n\s+at /) }),
        }),
      ]);
    });

    it("should keep a stack passed the way Nest's exception handlers pass it (message, stack, context)", () => {
      logger.error('Request failed', 'Error: boom\n    at handler (x.js:1:1)', 'ExceptionsHandler');

      expect(lines[0]).toMatchObject({
        context: 'ExceptionsHandler',
        msg: 'Request failed',
        err: { stack: 'Error: boom\n    at handler (x.js:1:1)' },
      });
    });
  });
});
