import { sql } from 'drizzle-orm';
import { DatabaseError, type Pool } from 'pg';
import { transactionOnOwnClient } from './postgres-transaction';

/** What PostgreSQL sends for a failed statement: an ERROR with its SQLSTATE. */
function serverError(message: string, code: string): DatabaseError {
  return Object.assign(new DatabaseError(message, 0, 'error'), { severity: 'ERROR', code });
}

/** A pool of one client whose statements answer as `answer` says (a result, or an error to reject with). */
function fakePool(answer: (text: string) => unknown = () => undefined) {
  const statements: string[] = [];
  const client = {
    query: jest.fn(async (query: string | { text: string }) => {
      const text = typeof query === 'string' ? query : query.text;
      statements.push(text);
      const answered = answer(text);
      if (answered instanceof Error) throw answered;
      return { rows: [], rowCount: 0, command: text.toUpperCase(), fields: [] };
    }),
    release: jest.fn(),
  };
  const pool = { connect: jest.fn(async () => client) } as unknown as Pool;
  return { pool, client, statements };
}

describe(transactionOnOwnClient.name, () => {
  it('should commit and hand the client back', async () => {
    const { pool, client, statements } = fakePool();

    await expect(
      transactionOnOwnClient(pool, {})(async (tx) => tx.execute(sql`select 1`).then(() => 'done')),
    ).resolves.toBe('done');

    expect(statements).toEqual(['begin', 'select 1', 'commit']);
    expect(client.release).toHaveBeenCalledWith(false);
  });

  it('should hand the client back when BEGIN fails (Drizzle alone never releases it)', async () => {
    const refused = serverError('out of memory', '53200');
    const { pool, client } = fakePool((text) => (text === 'begin' ? refused : undefined));

    await expect(transactionOnOwnClient(pool, {})(async () => 'never')).rejects.toMatchObject({
      cause: refused,
    });

    expect(client.release).toHaveBeenCalledTimes(1);
    expect(client.release).toHaveBeenCalledWith(false);
  });

  it('should roll back after a statement the server refused, keep the connection and its error', async () => {
    const duplicate = serverError('duplicate key value violates unique constraint', '23505');
    const { pool, client, statements } = fakePool((text) => (text === 'insert' ? duplicate : undefined));

    await expect(transactionOnOwnClient(pool, {})((tx) => tx.execute(sql`insert`))).rejects.toMatchObject({
      cause: duplicate,
    });

    expect(statements).toEqual(['begin', 'insert', 'rollback']);
    expect(client.release).toHaveBeenCalledWith(false);
  });

  it('should not wait for a ROLLBACK after a statement that got no answer, and close the connection', async () => {
    const timedOut = new Error('Query read timeout');
    const { pool, client, statements } = fakePool((text) => (text === 'insert' ? timedOut : undefined));

    await expect(transactionOnOwnClient(pool, {})((tx) => tx.execute(sql`insert`))).rejects.toMatchObject({
      cause: timedOut,
    });

    expect(statements).toEqual(['begin', 'insert']);
    expect(client.release).toHaveBeenCalledWith(true);
  });

  it("should fail with the work's error when the ROLLBACK after it fails (the connection lost meanwhile)", async () => {
    const duplicate = serverError('duplicate key value violates unique constraint', '23505');
    const lost = new Error('Client has encountered a connection error and is not queryable');
    const { pool, client } = fakePool((text) =>
      text === 'insert' ? duplicate : text === 'rollback' ? lost : undefined,
    );

    await expect(transactionOnOwnClient(pool, {})((tx) => tx.execute(sql`insert`))).rejects.toMatchObject({
      cause: duplicate,
    });

    expect(client.release).toHaveBeenCalledWith(true);
  });
});
