import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { authors } from '../authors/authors.table';
import { BookGenre } from './book-genre.enum';

export const bookGenre = pgEnum('book_genre', BookGenre);

export const books = pgTable(
  'books',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: varchar('title', { length: 200 }).notNull(),
    isbn: varchar('isbn', { length: 13 }).notNull().unique(),
    summary: text('summary'),
    pages: integer('pages').notNull(),
    rating: doublePrecision('rating'),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    inStock: boolean('in_stock').notNull().default(true),
    publishedOn: date('published_on', { mode: 'string' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    externalId: uuid('external_id'),
    metadata: jsonb('metadata'),
    genre: bookGenre('genre').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('books_title_index').on(table.title),
    index('books_rating_index').on(table.rating),
    index('books_author_id_index').on(table.authorId),
  ],
);

export type BookRow = typeof books.$inferSelect;
export type NewBookRow = typeof books.$inferInsert;
