import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const authors = pgTable('authors', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  firstName: text('first_name'),
  lastName: text('last_name'),
});

export type AuthorRow = typeof authors.$inferSelect;
