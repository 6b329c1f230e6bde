import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';

/**
 * `db.transaction` for a node-postgres pool that always gives its client back. Drizzle's own (0.45.4) checks a
 * client out and never releases it when BEGIN fails (a connection the server just dropped, no memory left): the
 * pool loses a client each time, and once all are lost every request waits for one. A transaction that failed
 * closes its connection instead of returning it (the server rolls back what it left open), since whether its
 * ROLLBACK went through cannot be told from here.
 */
export function transactionOnOwnClient(pool: Pool, logger?: DrizzleLogger): NodePgDatabase['transaction'] {
  return async (work, config) => {
    const client = await pool.connect();
    let failed = false;
    try {
      return await drizzle(failingFast(client), { logger }).transaction(work, config);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      client.release(failed);
    }
  };
}

/**
 * The client's statements, except that once one failed without a word from the server (no SQLSTATE: the client's
 * query time-out, the connection lost), the next fail at once with the same error. Drizzle's ROLLBACK would
 * otherwise wait out the time-out a second time on a connection that is closed afterwards anyway.
 */
function failingFast(client: PoolClient): PoolClient {
  let lost: unknown;
  const query = (...args: Parameters<PoolClient['query']>) => {
    if (lost !== undefined) return Promise.reject(lost);
    return (client.query as (...args: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
      if ((error as { code?: unknown } | undefined)?.code === undefined) lost = error;
      throw error;
    });
  };
  return { query } as unknown as PoolClient;
}
