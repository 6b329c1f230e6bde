import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { APP_LAYOUT } from '../../generators/app-layout';
import { namesOf } from '../../generators/utils/names';
import { createSuiteDatabase } from '../utils/postgres';
import { FreeNames } from './free-names';
import { ScratchProject } from './scratch-project';

const MINUTE = 60_000;

/** What the test asks of its database, PGlite's or a PostgreSQL client's alike. */
interface Queries {
  query<R>(sql: string): Promise<{ rows: R[]; fields: Array<{ name: string }> }>;
}

/**
 * `npx plop field` on a feature with rows, in a scratch copy of the project: its refusals, then a column added and
 * one removed by ALTER TABLE, the rows kept (the database is migrated before and after, as the app does at its
 * start), the feature's own generated tests passing after the change, and `destroy` undoing it all. On PGlite, or
 * with TEST_DATABASE_URL (CI's PostgreSQL run) on a database of its own on that server, the generated tests too.
 */
describe('field', () => {
  let scratch: ScratchProject;
  let dataDir: string;
  let postgres: { url: string; drop(): Promise<void> } | undefined;
  let shelf: ReturnType<typeof namesOf> & { given: string };
  let cabinet: ReturnType<typeof namesOf>;

  /**
   * The scratch copy's migrations applied to the test's own database (a new connection each time, as an app start
   * makes), then `work` on it.
   */
  async function withDatabase<T>(work: (database: Queries) => Promise<T>): Promise<T> {
    const migrationsFolder = join(scratch.root, APP_LAYOUT.migrations);
    if (postgres) {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
        return await work(client);
      } finally {
        await client.end();
      }
    }
    const database = new PGlite(dataDir);
    try {
      await migrate(drizzle(database), { migrationsFolder });
      return await work(database);
    } finally {
      await database.close();
    }
  }

  const plop = async (generator: string, args: string[]) => {
    const result = await scratch.plop(generator, args);
    if (result.exitCode !== 0) throw new Error(`plop ${generator} ${args.join(' ')} failed:\n${result.all}`);
    return result.all ?? '';
  };

  /** The migration this run wrote (the one file of drizzle/ not committed yet). */
  const newMigration = () => {
    const path = scratch
      .status()
      .split('\n')
      .map((line) => line.slice(3))
      .find((file) => /^drizzle\/\d{4}_\w+\.sql$/.test(file));
    return readFileSync(join(scratch.root, path ?? 'none'), 'utf8');
  };

  beforeAll(async () => {
    scratch = ScratchProject.create();
    dataDir = mkdtempSync(join(tmpdir(), 'field-data-'));
    const server = process.env.TEST_DATABASE_URL;
    postgres = server ? await createSuiteDatabase(server, { empty: true }) : undefined;
    const free = new FreeNames(scratch.root);
    const given = free.feature('Shelf', 'Cupboard', 'Drawer');
    shelf = { ...namesOf(given), given };
    cabinet = namesOf(free.feature('Cabinet', 'Wardrobe', 'Dresser'));
    await plop('resource', ['--name', cabinet.Name, '--api', 'graphql']);
    await plop('resource', ['--name', shelf.given, '--api', 'both', '--fields', 'label:string{100}']);
    scratch.commitAll('two features');
    await withDatabase(async (database) => {
      await database.query(`INSERT INTO ${shelf.snakeNames} (label) VALUES ('top'), ('bottom')`);
    });
  }, 3 * MINUTE);

  afterAll(async () => {
    scratch?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });

  it(
    'should refuse, changing nothing: a required field without a default, and a feature edited since',
    async () => {
      const service = `src/${shelf.kebabNames}/${shelf.kebabNames}.service.ts`;
      const dryRun = await scratch.plop('field', ['--name', shelf.Name, '--add', 'width?:int', '--dry-run']);
      expect(dryRun.exitCode).toBe(0);
      expect(dryRun.all).toContain(`update src/${shelf.kebabNames}/${shelf.kebabNames}.table.ts`);
      expect(dryRun.all).toContain(`drizzle/<next>_add_width_to_${shelf.snakeNames}.sql`);
      expect(scratch.status()).toBe('');

      const required = await scratch.plop('field', ['--name', shelf.Name, '--add', 'width:int']);
      expect(required.exitCode).not.toBe(0);
      expect(required.all).toContain('give it a default or make it nullable: the table may have rows');

      scratch.write(service, `${scratch.read(service)}// edited by hand\n`);
      const edited = await scratch.plop('field', ['--name', shelf.Name, '--add', 'width?:int']);
      expect(edited.exitCode).not.toBe(0);
      expect(edited.all).toContain(`${service} (edited)`);
      expect(edited.all).toContain('--force');
      expect(scratch.status()).toBe(` M ${service}\n`);
    },
    2 * MINUTE,
  );

  it(
    'should add columns and drop one by ALTER TABLE, keeping the rows, the feature passing its own tests',
    async () => {
      const forced = await plop('field', [
        '--name',
        shelf.given,
        '--add',
        `location?:string{50} floor:int=1 ${cabinet.name}?:references spares:many{${cabinet.Name}}`,
        '--force',
      ]);
      expect(forced).toContain('--force: rewriting files edited since');
      const added = newMigration();
      expect(added).toContain(
        `ALTER TABLE "${shelf.snakeNames}" ADD COLUMN "floor" integer DEFAULT 1 NOT NULL`,
      );
      expect(added).toContain(
        `FOREIGN KEY ("${cabinet.name}_id") REFERENCES "public"."${cabinet.snakeNames}"("id")`,
      );
      expect(added).toMatch(/CREATE INDEX/);
      // The set's join table is new; the feature's own table is altered, never re-created.
      expect(added).toContain(`CREATE TABLE "${shelf.snakeNames}_spares"`);
      scratch.commitAll('fields added');

      await plop('field', ['--name', shelf.Name, '--remove', 'location']);
      const removed = newMigration();
      expect(removed).toBe(`ALTER TABLE "${shelf.snakeNames}" DROP COLUMN "location";`);
      for (const sql of [added, removed]) {
        expect(sql).not.toMatch(new RegExp(`(DROP|CREATE) TABLE "${shelf.snakeNames}"`));
      }
      scratch.commitAll('field removed');

      const rows = await withDatabase((database) =>
        database.query(`SELECT * FROM ${shelf.snakeNames} ORDER BY id`),
      );
      expect(rows.rows).toEqual([
        expect.objectContaining({ label: 'top', floor: 1, [`${cabinet.name}_id`]: null }),
        expect.objectContaining({ label: 'bottom', floor: 1, [`${cabinet.name}_id`]: null }),
      ]);
      expect(rows.fields.map(({ name }) => name)).not.toContain('location');
      expect(scratch.read(APP_LAYOUT.endpoints['code-first'].artefact)).toContain('floor: Int!');

      const typeCheck = await scratch.run('node', ['node_modules/typescript/bin/tsc', '--noEmit']);
      expect(typeCheck.all).toBe('');
      const tests = await scratch.run(
        'node',
        [
          'node_modules/jest/bin/jest.js',
          '--ci',
          `test/${shelf.kebabNames}.e2e-spec.ts`,
          `src/${shelf.kebabNames}/${shelf.kebabNames}.service.spec.ts`,
        ],
        { NODE_OPTIONS: '--experimental-vm-modules' },
      );
      expect(tests.all).toMatch(/Tests:\s+\d+ passed, \d+ total/);
      expect(tests.exitCode).toBe(0);
    },
    8 * MINUTE,
  );

  it(
    'should destroy the feature after its field runs, its table dropped on the same data',
    async () => {
      await plop('field', ['--name', shelf.Name, '--remove', 'spares']);
      expect(newMigration()).toBe(`DROP TABLE "${shelf.snakeNames}_spares" CASCADE;`);
      scratch.commitAll('set removed');
      for (const { Name } of [shelf, cabinet]) await plop('destroy', ['--name', Name]);

      expect(scratch.read(APP_LAYOUT.manifest)).not.toContain(`"${shelf.Name}"`);
      expect(existsSync(join(scratch.root, 'src', shelf.kebabNames))).toBe(false);
      const tables = await withDatabase((database) =>
        database.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
        ),
      );
      expect(tables.rows.map(({ name }) => name)).not.toContain(shelf.snakeNames);
    },
    2 * MINUTE,
  );
});
