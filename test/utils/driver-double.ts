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
 * health ping goes through the same client. On node-postgres every statement runs on a client checked out of the
 * pool (`pool.query` and transactions alike): each is intercepted as it is handed out. `mockRestore()` puts the
 * driver back.
 */
export function failStatements(sut: TestApp, fails: (sql: string) => boolean, error: Error) {
  const spies: jest.SpyInstance[] = [];
  const intercept = (client: Queryable) => {
    if (jest.isMockFunction(client.query)) return;
    const real = client.query.bind(client);
    spies.push(
      jest.spyOn(client, 'query').mockImplementation((...args) => {
        if (!fails(sqlOf(args))) return real(...args);
        // pg-pool's `query` calls its client back; Drizzle awaits.
        const done = args.at(-1);
        if (typeof done !== 'function') return Promise.reject(error);
        queueMicrotask(() => done(error));
        return undefined as never;
      }),
    );
  };

  const client = driverClient(sut);
  const onAcquire = (checkedOut: PoolClient) => intercept(checkedOut as unknown as Queryable);
  if (client instanceof Pool) client.on('acquire', onAcquire);
  else intercept(client);
  return {
    mockRestore: () => {
      if (client instanceof Pool) client.off('acquire', onAcquire);
      spies.forEach((spy) => spy.mockRestore());
    },
  };
}
