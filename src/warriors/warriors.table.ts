import { integer, pgTable, real, text } from 'drizzle-orm/pg-core';

export const warriors = pgTable('warriors', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  level: real('level').notNull(),
});

export type WarriorRow = typeof warriors.$inferSelect;
