import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

export const ONE_TIME_TOKEN_PURPOSES = ['confirm-email', 'reset-password'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/**
 * The tokens of links sent by mail, by the SHA-256 of the token (the token itself is only in the mail). Using one
 * deletes it. `email`: the address a confirmation link confirms (the account's, or the new one it asked for).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('one_time_tokens_user_id_idx').on(table.userId),
    index('one_time_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
