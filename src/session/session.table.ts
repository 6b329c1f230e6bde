import { bigint, index, json, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * connect-pg-simple's own table (its table.sql: same name, columns, primary key and index), created by a
 * migration rather than by the store at run time. Two columns more, which connect-pg-simple's statements leave
 * alone: DatabaseSessionStore bounds the sessions of one client address with `client`, and breaks ties between
 * sessions last used in the same second (`expire` is whole seconds) with `seq`, the order they were created in.
 */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
    client: varchar('client'),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('IDX_session_expire').on(table.expire),
    index('session_client_expire_idx').on(table.client, table.expire, table.seq),
  ],
);
