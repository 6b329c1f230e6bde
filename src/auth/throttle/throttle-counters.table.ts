import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** @nestjs/throttler's counters (DatabaseThrottlerStorage): one row per key, its current window and any block. */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    // The guard's key: a SHA-256 of the throttler's name, the route and the tracker (address, username).
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [index('throttle_counters_window_ends_at_idx').on(table.windowEndsAt)],
);
