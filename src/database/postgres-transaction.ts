import type { DrizzleConfig } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { DatabaseError, type Pool, type PoolClient } from 'pg';

/**
 * `db.transaction` for a node-postgres pool that always gives its client back. Drizzle's own (0.45.4) checks a
 * client out and never releases it when BEGIN fails (a connection the server just dropped, no memory left): the
 * pool loses a client each time, and once all are lost every request waits for one. `config`: the pool's Drizzle
 * configuration, so that a transaction's Drizzle is the same.
 */
export function transactionOnOwnClient(pool: Pool, config: DrizzleConfig): NodePgDatabase['transaction'] {
  return async (work, transactionConfig) => {
    const client = await pool.connect();
    const connection = failingFast(client);
    let workFailure: { error: unknown } | undefined;
    try {
      return await drizzle(connection.client, config).transaction(async (tx) => {
        try {
          return await work(tx);
        } catch (error) {
          workFailure = { error };
          throw error;
        }
      }, transactionConfig);
    } catch (error) {
      // Not the ROLLBACK's failure after it, which would hide why the transaction failed.
      throw workFailure ? workFailure.error : error;
    } finally {
      // Closed rather than handed back once a statement got no answer: the server may still be running it.
      client.release(connection.lost());
    }
  };
}

/** An ERROR the server sent: the statement failed, the connection and its transaction's state are known. */
const answeredByServer = (error: unknown) => error instanceof DatabaseError && error.severity === 'ERROR';

/**
 * The client's statements, except that once one failed without the server's answer (the client's query
 * time-out, the connection lost: no SQLSTATE, or a FATAL one), the next fail at once with the same error:
 * Drizzle's ROLLBACK would otherwise wait out the time-out a second time on a connection that is closed anyway.
 */
function failingFast(client: PoolClient): { client: PoolClient; lost: () => boolean } {
  let lost: { error: unknown } | undefined;
  const query = (...args: Parameters<PoolClient['query']>) => {
    if (lost) return Promise.reject(lost.error);
    return (client.query as (...args: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
      if (!answeredByServer(error)) lost = { error };
      throw error;
    });
  };
  return { client: { query } as unknown as PoolClient, lost: () => lost !== undefined };
}
