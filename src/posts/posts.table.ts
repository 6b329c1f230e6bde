import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { authors } from '../authors/authors.table';

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: varchar('title', { length: 50 }).notNull(),
    votes: integer('votes'),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'cascade' }),
  },
  // (author_id, id): an author's first posts in id order are read from the index, however many they wrote.
  (table) => [index('posts_author_id_id_idx').on(table.authorId, table.id)],
);

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
