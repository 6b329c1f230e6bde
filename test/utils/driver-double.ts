import { Pool, type PoolClient } from 'pg';
import { DATABASE_CONNECTION } from '../../src/database/database.module';
import type { DatabaseConnection } from '../../src/database/database.client';
import type { TestApp } from './test-app';

type DriverQuery = (...args: unknown[]) => Promise<unknown>;
type Queryable = { query: DriverQuery };

/** The driver's client, under Drizzle: PGlite or node-postgres's Pool, both queried through `query`. */
export function driverClient(sut: TestApp): Queryable {
  const { db } = sut.app.get<DatabaseConnection>(DATABASE_CONNECTION);
  return (db as unknown as { $client: Queryable }).$client;
}

/** The SQL of a driver call: a string for PGlite, `{ text }` when Drizzle calls node-postgres. */
export function sqlOf(args: unknown[]): string {
  const [query] = args;
  return typeof query === 'string' ? query : String((query as { text?: unknown }).text);
}

/**
 * Makes the driver fail the statements `fails` picks with `error`, as the server would, and run the others; the
 * health ping goes through the same client. On node-postgres, so do the clients a transaction checks out of the
 * pool. `mockRestore()` puts the driver back.
 */
export function failStatements(sut: TestApp, fails: (sql: string) => boolean, error: Error) {
  const spies: jest.SpyInstance[] = [];
  const intercept = (client: Queryable) => {
    const real = client.query.bind(client);
    spies.push(
      jest
        .spyOn(client, 'query')
        .mockImplementation((...args) => (fails(sqlOf(args)) ? Promise.reject(error) : real(...args))),
    );
  };

  const client = driverClient(sut);
  intercept(client);
  if (client instanceof Pool) {
    // Called back by pool.query, awaited by transactions: both forms see the checked-out client first.
    const connect = client.connect.bind(client) as (done: (...args: unknown[]) => void) => void;
    const checkOut = (done: (error: unknown, checkedOut?: PoolClient, release?: unknown) => void) =>
      connect((error, checkedOut, release) => {
        const queryable = checkedOut as PoolClient | undefined;
        if (queryable && !jest.isMockFunction(queryable.query)) intercept(queryable as unknown as Queryable);
        done(error, queryable, release);
      });
    spies.push(
      jest
        .spyOn(client, 'connect')
        .mockImplementation(((done?: Parameters<typeof checkOut>[0]) =>
          done
            ? checkOut(done)
            : new Promise<PoolClient>((resolve, reject) =>
                checkOut((error, checkedOut) => (error ? reject(error) : resolve(checkedOut!))),
              )) as Pool['connect']),
    );
  }
  return { mockRestore: () => spies.forEach((spy) => spy.mockRestore()) };
}
