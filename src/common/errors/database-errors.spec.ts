import { runInNewContext } from 'node:vm';
import { describeError, isDatabaseUnavailable, isValueRefusedByDatabase } from './database-errors';

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

describe(describeError.name, () => {
  it('should join the messages along the cause chain', () => {
    expect(describeError(wrapped(new Error('connect ECONNREFUSED')))).toBe(
      'Failed query: select 1\nparams:  ← connect ECONNREFUSED',
    );
    expect(describeError('text')).toBe('text');
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
