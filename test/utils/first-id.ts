import type { INestApplication } from '@nestjs/common';
import { asc, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, DATABASE } from '../../src/database/database.types';

/** The smallest id of a table of the test database (seeded by the demo data), for records that refer to one. */
export async function firstIdOf(app: INestApplication, table: PgTable & { id: PgColumn }): Promise<number> {
  const [row] = await app
    .get<Database>(DATABASE)
    .select({ id: table.id })
    .from(table)
    .orderBy(asc(table.id))
    .limit(1);
  if (!row) throw new Error(`${getTableName(table)} is empty: the test needs one row to refer to`);
  return row.id as number;
}
