import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import type { Role } from './roles';
import { foldEmail } from './email';
import { foldUsername } from './username';
import { type NewUserRow, type UserRow, users } from './users.table';

@Injectable()
export class UsersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Case-insensitive, as usernames are unique (users_username_lower_unique). */
  getByUsername(username: string): Promise<UserRow | undefined> {
    return this.getByLowered(users.username, username, foldUsername);
  }

  /** Case-insensitive, as addresses are unique (users_email_lower_unique). */
  getByEmail(email: string): Promise<UserRow | undefined> {
    return this.getByLowered(users.email, email, foldEmail);
  }

  /** The user whose `lower(column)` is the folded value (the unique indexes are on lower()). */
  private async getByLowered(
    column: typeof users.username | typeof users.email,
    value: string,
    fold: (value: string) => string,
  ): Promise<UserRow | undefined> {
    // PostgreSQL text cannot hold NUL, so no user has one, and the query would fail ("cannot be stored") instead.
    if (value.includes('\u0000')) return undefined;
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${column})`, fold(value)))
      .limit(1);
    return row;
  }

  async getById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  getByIds(ids: readonly number[]): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]));
  }

  getPage(offset: number, limit: number): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.id)).offset(offset).limit(limit);
  }

  /** The new user, or undefined when the username or the e-mail is taken (in any case): one statement, so nothing half-made. */
  async create(
    values: Pick<NewUserRow, 'username' | 'email' | 'passwordHash'>,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  /**
   * Replaces user `id`'s password hash when it is still `checked`, the one its current password was checked
   * against: of two changes racing from one current password, only the first goes through. Whether it did.
   */
  async replacePasswordHash(id: number, checked: string, passwordHash: string): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, id), eq(users.passwordHash, checked)))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  /** Makes `email` user `id`'s confirmed address: the user, or undefined once deleted. */
  async confirmEmail(id: number, email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ email, emailVerified: true })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** A reset: the new hash, whatever the old one; the link came to the address, so the address is confirmed too. */
  async resetPasswordHash(id: number, passwordHash: string): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ passwordHash, emailVerified: true })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  /** The renamed user; undefined when it is gone. A name taken meanwhile fails on users_username_lower_unique. */
  async rename(id: number, username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set({ username }).where(eq(users.id, id)).returning();
    return row;
  }

  /**
   * Deletes user `id` unless it is the last admin: whether it was deleted. Locks every admin row first, like
   * updateRolesAsAdmin, so two last admins deleting themselves at once cannot both go. Its refresh and one-time
   * tokens go with it (cascade); records it owns keep owner_id null (each owned table's foreign key).
   */
  async deleteUnlessLastAdmin(id: number): Promise<boolean> {
    const admins = this.lockedAdmins();
    const deleted = await this.db
      .with(admins)
      .delete(users)
      .where(
        and(
          eq(users.id, id),
          sql`(not 'admin' = any(${users.roles}) or exists (select 1 from ${admins} where ${admins.id} <> ${id}))`,
        ),
      )
      .returning({ id: users.id });
    return deleted.length > 0;
  }

  /**
   * Gives user `id` these roles when `actorId` is an admin now (its token may be older than a demotion) and an admin
   * is left afterwards; undefined otherwise. One statement that locks every admin row in id order first, so two
   * admins demoting each other at once cannot both succeed (the second sees the first's change, on PostgreSQL too).
   */
  async updateRolesAsAdmin(actorId: number, id: number, roles: Role[]): Promise<UserRow | undefined> {
    const admins = this.lockedAdmins();
    const otherAdmins = this.db
      .select({ count: sql`count(*)` })
      .from(admins)
      .where(ne(admins.id, id));
    const [row] = await this.db
      .with(admins)
      .update(users)
      .set({ roles })
      .where(
        and(
          eq(users.id, id),
          sql`exists (select 1 from ${admins} where ${admins.id} = ${actorId})`,
          roles.includes('admin') ? undefined : sql`(${otherAdmins}) > 0`,
        ),
      )
      .returning();
    return row;
  }

  /** Every admin's row, locked in id order (a CTE): the guard of the last-admin rules, taken before any change. */
  private lockedAdmins() {
    return this.db.$with('admins').as(
      this.db
        .select({ id: users.id })
        .from(users)
        .where(sql`'admin' = any(${users.roles})`)
        .orderBy(asc(users.id))
        .for('update'),
    );
  }
}
