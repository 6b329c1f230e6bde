import { runInNewContext } from 'node:vm';
import {
  describeError,
  isDatabaseUnavailable,
  isValueRefusedByDatabase,
  resourceShortageOf,
} from './database-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// Drizzle's DrizzleQueryError: the SQL in the message, the driver's error as cause.
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe(isDatabaseUnavailable.name, () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a client-side query timeout', new Error('Query read timeout')],
    [
      'a server shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a full disk (53100)', withCode('could not extend file: No space left on device', '53100')],
    ['no memory (53200)', withCode('out of memory', '53200')],
    ['insufficient resources (53000)', withCode('insufficient resources', '53000')],
    ['a statement timeout (57014)', withCode('canceling statement due to statement timeout', '57014')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['any of these wrapped by Drizzle', wrapped(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))],
    [
      'an error of another realm (Node’s socket errors seen from Jest’s sandbox)',
      wrapped(
        Object.assign(runInNewContext('new Error("connect ECONNREFUSED")') as Error, {
          code: 'ECONNREFUSED',
        }),
      ),
    ],
  ])('should say yes for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a syntax error (42601)', wrapped(withCode('syntax error at or near "selec"', '42601'))],
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
    ['a missing column (42703)', withCode('column "votes" does not exist', '42703')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['undefined', undefined],
  ])('should say no for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe(resourceShortageOf.name, () => {
  it('should give the SQLSTATE of class 53 (insufficient resources), wrapped or not', () => {
    expect(resourceShortageOf(wrapped(withCode('No space left on device', '53100')))).toBe('53100');
    expect(resourceShortageOf(withCode('out of memory', '53200'))).toBe('53200');
  });

  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED', 'ECONNREFUSED')],
    ['a statement timeout (57014)', withCode('canceling statement', '57014')],
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
  ])('should give nothing for %s', (_case, error) => {
    expect(resourceShortageOf(error)).toBeUndefined();
  });
});

describe(describeError.name, () => {
  it('should join the messages and codes along the cause chain in one line', () => {
    expect(
      describeError(new Error('pool gone', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })),
    ).toBe('pool gone ← connect ECONNREFUSED');
    expect(describeError(withCode('could not write to file\n"pg_wal/xlogtemp"', '53100'))).toBe(
      'could not write to file "pg_wal/xlogtemp" (53100)',
    );
    expect(describeError('text')).toBe('text');
  });

  it("should leave out Drizzle's message, which holds the query's parameters", () => {
    const drizzle = new Error(`Failed query: insert into "posts" …\nparams: 1,${'secret'.repeat(1000)}`, {
      cause: withCode('No space left on device', '53100'),
    });

    expect(describeError(drizzle)).toBe('No space left on device (53100)');
    expect(describeError(new Error('Failed query: select 1\nparams: secret'))).toBe('Failed query');
  });

  it('should cut a long driver message (it may quote a value of the request)', () => {
    const described = describeError(
      withCode(`invalid input syntax for type integer: "${'9'.repeat(10_000)}"`, '22P02'),
    );

    expect(described.length).toBeLessThan(320);
    expect(described).toMatch(/… \(22P02\)$/);
  });
});

describe(isValueRefusedByDatabase.name, () => {
  it.each([
    ['a NUL character in text (22021)', '22021'],
    ['an integer out of range (22003)', '22003'],
    ['text too long for its column (22001)', '22001'],
    ['malformed text for its type (22P02)', '22P02'],
  ])('should say yes for %s, wrapped or not', (_case, code) => {
    expect(isValueRefusedByDatabase(withCode('refused', code))).toBe(true);
    expect(isValueRefusedByDatabase(wrapped(withCode('refused', code)))).toBe(true);
  });

  it.each([
    ['a lost connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a missing column (42703)', withCode('column "votes" does not exist', '42703')],
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
  ])('should say no for %s', (_case, error) => {
    expect(isValueRefusedByDatabase(error)).toBe(false);
  });
});
