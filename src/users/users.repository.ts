import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import type { Role } from './roles';
import { type NewUserRow, type UserRow, users } from './users.table';

@Injectable()
export class UsersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Case-insensitive, as usernames are unique (users_username_lower_unique). */
  async getByUsername(username: string): Promise<UserRow | undefined> {
    // PostgreSQL text cannot hold NUL, so no user has one, and the query would fail ("cannot be stored") instead.
    if (username.includes('\u0000')) return undefined;
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    return row;
  }

  async getById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  getAll(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.id));
  }

  /** The new user, or undefined when the username is taken (in any case): one statement, so nothing half-made. */
  async create(values: Pick<NewUserRow, 'username' | 'passwordHash'>): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updatePasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, id));
  }

  async updateRoles(id: number, roles: Role[]): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set({ roles }).where(eq(users.id, id)).returning();
    return row;
  }
}
