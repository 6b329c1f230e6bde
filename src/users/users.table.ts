import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Role } from './roles';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull().unique(),
    // scrypt hash with its salt and parameters (see PasswordHasher); never leaves the server.
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`ARRAY['user']::text[]`),
    // Null only for accounts made before e-mail addresses were (migration 0008); sign-up requires one.
    email: varchar('email', { length: 254 }),
    emailVerified: boolean('email_verified').notNull().default(false),
  },
  (table) => [
    // Usernames are unique in any case: the database says so, so two sign-ups racing cannot both get one.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    // E-mail addresses too, in any case: one account per address.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    // The database refuses a role the app does not know (roles.ts), whatever writes the row.
    check('users_roles_known', sql`${table.roles} <@ ARRAY['user', 'admin']::text[]`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
