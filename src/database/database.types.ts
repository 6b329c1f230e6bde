import { Inject } from '@nestjs/common';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle client, whichever driver is behind it (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export const DATABASE = Symbol('DATABASE');

/** Injects the Drizzle client. Only repositories use it (an ESLint rule keeps it out of controllers and resolvers). */
export const InjectDatabase = () => Inject(DATABASE);
