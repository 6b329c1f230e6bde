import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  username: text('username').notNull().unique(),
  // scrypt hash with its salt and parameters (see PasswordHasher); never leaves the server.
  passwordHash: text('password_hash').notNull(),
});

export type UserRow = typeof users.$inferSelect;
