import { DATABASE_CONNECTION } from '../../src/database/database.module';
import type { DatabaseConnection } from '../../src/database/database.client';
import type { TestApp } from './test-app';

type DriverQuery = (...args: unknown[]) => Promise<unknown>;

/** The driver's client, under Drizzle: PGlite or node-postgres's Pool, both queried through `query`. */
export function driverClient(sut: TestApp): { query: DriverQuery } {
  const { db } = sut.app.get<DatabaseConnection>(DATABASE_CONNECTION);
  return (db as unknown as { $client: { query: DriverQuery } }).$client;
}

/** The SQL of a driver call: a string for PGlite, `{ text }` when Drizzle calls node-postgres. */
export function sqlOf(args: unknown[]): string {
  const [query] = args;
  return typeof query === 'string' ? query : String((query as { text?: unknown }).text);
}

/**
 * Makes the driver fail the statements `fails` picks with `error`, as the server would, and run the others; the
 * health ping goes through the same client. Returns the spy: `mockRestore()` puts the driver back.
 */
export function failStatements(sut: TestApp, fails: (sql: string) => boolean, error: Error) {
  const client = driverClient(sut);
  const real = client.query.bind(client);
  return jest
    .spyOn(client, 'query')
    .mockImplementation((...args) => (fails(sqlOf(args)) ? Promise.reject(error) : real(...args)));
}
