import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Refresh tokens, by the SHA-256 of the token (the token itself is never stored). A login starts a family, whose
 * live row takes the next token at each refresh; the spent token gets a row of its own (`spent_at` set), so that
 * presenting it again is recognised as reuse: the family's last SPENT_TOKENS_KEPT, until the family expires
 * (absolute, from the login). Revoking deletes rows.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    // bigint: a row per refresh adds up faster than a row per record.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_family_id_idx').on(table.familyId),
    index('refresh_tokens_user_id_idx').on(table.userId),
    index('refresh_tokens_expires_at_idx').on(table.expiresAt),
  ],
);
