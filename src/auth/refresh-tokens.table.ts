import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Refresh tokens, one row per login (a family), by the SHA-256 of its live token (the token itself is never
 * stored); each refresh puts the next token's hash in its place. Every token names its family, so any token of
 * the family other than the live one is a spent one, however many refreshes ago: no row per spent token. The
 * family expires REFRESH_TOKEN_TTL after the login. Revoking deletes the row.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    // bigint: a row per login adds up faster than a row per record.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The token the last refresh spent, and when: within REFRESH_REUSE_GRACE_SECONDS it is a retry, not a reuse.
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    // Unused since migration 0007 (tokens name their family): kept one release, so that instances of the one
    // before, which write it, keep working through a rolling deploy. A later migration drops it.
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_family_id_idx').on(table.familyId),
    index('refresh_tokens_user_id_idx').on(table.userId),
    index('refresh_tokens_expires_at_idx').on(table.expiresAt),
  ],
);
