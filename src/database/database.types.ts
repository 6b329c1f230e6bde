import { Inject } from '@nestjs/common';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The Drizzle client, whichever driver is behind it (PGlite or node-postgres). Repositories import their tables
 * themselves (no schema barrel): the SQL builder needs no registry, and drizzle-kit finds every `*.table.ts`.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export const DATABASE = Symbol('DATABASE');

/** Injects the Drizzle client. Only repositories use it (an ESLint rule keeps it out of controllers and resolvers). */
export const InjectDatabase = () => Inject(DATABASE);
