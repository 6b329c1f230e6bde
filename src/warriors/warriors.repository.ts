import { Injectable } from '@nestjs/common';
import { asc } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../database/database.types';
import { type WarriorRow, warriors } from './warriors.table';

@Injectable()
export class WarriorsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  getPage(offset: number, limit: number): Promise<WarriorRow[]> {
    return this.db.select().from(warriors).orderBy(asc(warriors.id)).offset(offset).limit(limit);
  }
}
