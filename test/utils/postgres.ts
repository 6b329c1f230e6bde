import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * With TEST_DATABASE_URL set (CI's real PostgreSQL run), every suite gets its own database
 * cloned from a migrated and seeded template, the server-side twin of the PGlite template copy.
 */
export const POSTGRES_TEMPLATE_DB = 'nest_e2e_template';

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(base: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function recreateTemplateDatabase(base: string): Promise<void> {
  return withAdmin(base, async (client) => {
    await client.query(`drop database if exists ${POSTGRES_TEMPLATE_DB} with (force)`);
    await client.query(`create database ${POSTGRES_TEMPLATE_DB}`);
  });
}

/** A database of its own for a suite: a clone of the migrated, seeded template, or `empty` (never migrated). */
export async function createSuiteDatabase(
  base: string,
  { empty = false } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nest_e2e_${randomBytes(6).toString('hex')}`;
  const template = empty ? '' : ` template ${POSTGRES_TEMPLATE_DB}`;
  await withAdmin(base, (client) => client.query(`create database ${name}${template}`));
  return {
    url: databaseUrl(base, name),
    drop: () =>
      withAdmin(base, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
