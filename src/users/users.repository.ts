import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import { type UserRow, users } from './users.table';

@Injectable()
export class UsersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async getByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return row;
  }
}
