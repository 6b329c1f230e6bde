import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';

/**
 * `db.transaction` for a node-postgres pool that always gives its client back. Drizzle's own (0.45.4) checks a
 * client out and never releases it when BEGIN fails (a connection the server just dropped, no memory left): the
 * pool loses a client each time, and once all are lost every request waits for one. A transaction that failed
 * closes its connection instead of returning it, since whether its ROLLBACK went through cannot be told from here.
 */
export function transactionOnOwnClient(pool: Pool, logger?: DrizzleLogger): NodePgDatabase['transaction'] {
  return async (work, config) => {
    const client = await pool.connect();
    let failed = false;
    try {
      return await drizzle(client, { logger }).transaction(work, config);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      client.release(failed);
    }
  };
}
