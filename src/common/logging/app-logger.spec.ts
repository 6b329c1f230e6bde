import { ConsoleLogger } from '@nestjs/common';
import { StartupError } from '../errors/startup-error';
import { AppLogger, levelsFrom } from './app-logger';

const ESCAPE = '\u001b[';

/** The end of this turn of the event loop, when the batched `log` lines are written. */
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe(AppLogger.name, () => {
  let written: string[];
  const isTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
  const noColor = process.env.NO_COLOR;

  const onTerminal = (value: boolean) =>
    Object.defineProperty(process.stdout, 'isTTY', { value, configurable: true });

  beforeEach(() => {
    written = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    delete process.env.NO_COLOR;
    onTerminal(false);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    if (isTTY) Object.defineProperty(process.stdout, 'isTTY', isTTY);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
    if (noColor === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = noColor;
  });

  describe('timestamp', () => {
    let format: jest.SpyInstance;

    beforeEach(() => {
      jest.useFakeTimers({ now: new Date(2026, 10, 21, 9, 30, 15, 100), doNotFake: ['setImmediate'] });
      format = jest.spyOn(ConsoleLogger.prototype as unknown as { getTimestamp(): string }, 'getTimestamp');
    });

    it('should format the time once per second and print it on every line', async () => {
      const logger = new AppLogger();

      logger.log('first', 'Test');
      jest.setSystemTime(new Date(2026, 10, 21, 9, 30, 15, 900));
      logger.log('second', 'Test');
      await endOfTurn();

      expect(format).toHaveBeenCalledTimes(1);
      const stamp = format.mock.results[0].value as string;
      expect(stamp).toMatch(/15/);
      const lines = written.join('').split('\n').filter(Boolean);
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toContain(stamp);
    });

    it('should print the new second once it has changed', async () => {
      const logger = new AppLogger();

      logger.log('first', 'Test');
      jest.setSystemTime(new Date(2026, 10, 21, 9, 30, 16, 0));
      logger.log('second', 'Test');
      await endOfTurn();

      expect(format).toHaveBeenCalledTimes(2);
      const [before, after] = format.mock.results.map((result) => result.value as string);
      expect(before).not.toBe(after);
      const second = written.join('').split('\n')[1];
      expect(second).toContain(after);
      expect(second).not.toContain(before);
    });
  });

  describe('batching', () => {
    it('should write the log lines of one turn of the event loop in one write, at its end', async () => {
      const logger = new AppLogger();

      logger.log('one', 'Test');
      logger.log('two', 'Test');
      logger.log('three', 'Test');
      expect(written).toEqual([]);
      await endOfTurn();

      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/LOG \[Test\] one\n.*LOG \[Test\] two\n.*LOG \[Test\] three\n$/s);
    });

    it('should write a warning at once, after the log lines before it', () => {
      const logger = new AppLogger();

      logger.log('before', 'Test');
      logger.warn('careful', 'Test');

      expect(written).toHaveLength(2);
      expect(written[0]).toMatch(/LOG \[Test\] before\n$/);
      expect(written[1]).toMatch(/WARN \[Test\] careful\n$/);
    });

    it('should write an error to stderr at once, after flushing the log lines to stdout', () => {
      const order: string[] = [];
      jest.spyOn(process.stdout, 'write').mockImplementation(() => order.push('stdout') > 0);
      jest.spyOn(process.stderr, 'write').mockImplementation(() => order.push('stderr') > 0);
      const logger = new AppLogger();

      logger.log('before', 'Test');
      logger.error('broken', undefined, 'Test');

      expect(order).toEqual(['stdout', 'stderr']);
    });

    it('should write what is pending when the process exits', () => {
      const logger = new AppLogger();
      const listeners = process.listeners('exit');

      logger.log('last words', 'Test');
      const added = process.listeners('exit').filter((listener) => !listeners.includes(listener));
      expect(added).toHaveLength(1);
      added[0].call(process, 0);

      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/last words\n$/);
      expect(process.listeners('exit')).toEqual(listeners);
    });
  });

  describe('start-up errors', () => {
    let errors: string[];
    beforeEach(() => {
      errors = [];
      jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        errors.push(String(chunk));
        return true;
      });
    });

    it("should leave a StartupError reported by Nest's ExceptionHandler to the entry point", () => {
      // As Nest reports it: new Logger('ExceptionHandler').error(exception).
      new AppLogger().error(new StartupError('DATA_DIR /x is in use'), undefined, 'ExceptionHandler');

      expect(errors).toEqual([]);
    });

    it('should print any other error the ExceptionHandler reports, with its stack', () => {
      new AppLogger().error(new Error('unexpected'), undefined, 'ExceptionHandler');

      expect(errors.join('')).toMatch(/ERROR \[ExceptionHandler\] Error: unexpected\n\s+at /);
    });
  });

  describe('colours', () => {
    it('should print plain text when stdout is not a terminal', async () => {
      new AppLogger().log('plain', 'Test');
      await endOfTurn();

      expect(written[0]).not.toContain(ESCAPE);
      expect(written[0]).toMatch(/LOG \[Test\] plain\n$/);
    });

    it('should colour the line on a terminal', async () => {
      onTerminal(true);

      new AppLogger().log('coloured', 'Test');
      await endOfTurn();

      expect(written[0]).toContain(ESCAPE);
    });

    it('should honour NO_COLOR on a terminal', async () => {
      onTerminal(true);
      process.env.NO_COLOR = '1';

      new AppLogger().log('plain', 'Test');
      await endOfTurn();

      expect(written[0]).not.toContain(ESCAPE);
    });
  });

  it('should print only the enabled levels', async () => {
    const logger = new AppLogger({ logLevels: levelsFrom('warn') });

    logger.log('hidden', 'Test');
    logger.debug('hidden', 'Test');
    logger.warn('shown', 'Test');
    await endOfTurn();

    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/WARN \[Test\] shown\n$/);
  });
});

describe(levelsFrom.name, () => {
  it('should enable the threshold and every more severe level', () => {
    expect(levelsFrom('fatal')).toEqual(['fatal']);
    expect(levelsFrom('warn')).toEqual(['warn', 'error', 'fatal']);
    expect(levelsFrom('log')).toEqual(['log', 'warn', 'error', 'fatal']);
    expect(levelsFrom('verbose')).toEqual(['verbose', 'debug', 'log', 'warn', 'error', 'fatal']);
  });
});
