import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_LAYOUT } from '../../generators/app-layout';
import { DEMO } from '../../scripts/demo-remove/demo';
import { ScratchProject } from './scratch-project';

const MINUTE = 60_000;

/** What the product skeleton keeps (CONTRACT §7.1): accounts, users, sessions, health, metrics, logging, … */
const KEPT = [
  'src/auth',
  'src/users/users.graphql',
  'src/session',
  'src/health',
  'src/metrics',
  'src/common/logging',
  'src/graphql/subscriptions',
  'src/demo/demo.seeder.ts',
  'generators/resource',
  'templates/resource',
];

const DROP = /^(DROP (TABLE|TYPE|INDEX)|ALTER TABLE \S+ (DROP CONSTRAINT|DISABLE ROW LEVEL SECURITY))\b/i;

/** `npm run demo:remove` on a scratch copy: the dry run, the run, the type check after it, and a second run. */
describe('npm run demo:remove', () => {
  let scratch: ScratchProject;
  const read = (path: string) => readFileSync(join(scratch.root, path), 'utf8');
  const migrations = () =>
    readdirSync(join(scratch.root, APP_LAYOUT.migrations)).filter((f) => f.endsWith('.sql'));
  const demoRemove = (...args: string[]) =>
    scratch.run('npm', ['run', '--silent', 'demo:remove', '--', ...args]);
  let migrationsBefore: string[];

  beforeAll(() => {
    scratch = ScratchProject.create();
    migrationsBefore = migrations();
  });
  afterAll(() => scratch?.remove());

  it(
    'should print the plan and write nothing with --dry-run',
    async () => {
      const result = await demoRemove('--dry-run');

      expect(result.exitCode).toBe(0);
      expect(result.all).toContain('dry run, nothing written');
      expect(result.all).toContain('delete src/authors/authors.module.ts');
      expect(result.all).toContain('update src/app.module.ts');
      expect(result.all).toMatch(/_remove_demo\.sql dropping authors, posts, warriors, books/);
      expect(scratch.status()).toBe('');
    },
    5 * MINUTE,
  );

  it(
    'should remove the demo, keep the rest and write one migration of drops',
    async () => {
      const result = await demoRemove();

      expect(result.exitCode).toBe(0);
      for (const path of [...DEMO.folders, ...DEMO.files])
        expect([path, existsSync(join(scratch.root, path))]).toEqual([path, false]);
      for (const path of KEPT) expect([path, existsSync(join(scratch.root, path))]).toEqual([path, true]);

      const registrations = [
        APP_LAYOUT.rootModule.file,
        ...Object.values(APP_LAYOUT.endpoints).map((endpoint) => endpoint.file),
        DEMO.seeder,
        DEMO.data.file,
      ].map(read);
      for (const text of registrations) {
        expect(text).not.toMatch(
          /\/(cats|routing|tenants|interceptors-showcase|warriors|authors|posts|books)\//,
        );
      }
      expect(read(APP_LAYOUT.endpoints['code-first'].file)).toContain('CODE_FIRST_FEATURES = [UsersModule]');
      expect(read(APP_LAYOUT.endpoints['schema-first'].file)).toContain(
        'SCHEMA_FIRST_FEATURES = [UsersSchemaFirstModule]',
      );
      expect(read(DEMO.data.file)).toContain("username: 'alice'");
      expect(read(DEMO.data.file)).toContain("username: 'bob'");
      expect(read(DEMO.data.file)).not.toMatch(/DEMO_(AUTHORS|POSTS|WARRIORS)/);
      expect(JSON.parse(read(APP_LAYOUT.manifest)).features).not.toHaveProperty('Book');
      expect(read(APP_LAYOUT.endpoints['code-first'].artefact)).not.toMatch(/\b(Author|Post|Book|Warrior)\b/);
      expect(read(APP_LAYOUT.endpoints['schema-first'].artefact)).not.toMatch(/\b(Author|Post)\b/);

      const added = migrations().filter((file) => !migrationsBefore.includes(file));
      expect(added).toEqual([expect.stringMatching(/^\d{4}_remove_demo\.sql$/)]);
      const statements = read(join(APP_LAYOUT.migrations, added[0]))
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter(Boolean);
      expect(statements.filter((statement) => !DROP.test(statement))).toEqual([]);
      for (const table of DEMO.tables) expect(statements).toContain(`DROP TABLE "${table}" CASCADE;`);
      // Existing migrations are never edited.
      const edited = (
        await scratch.run('git', ['diff', '--name-only', '--', `${APP_LAYOUT.migrations}/*.sql`])
      ).stdout;
      expect(edited).toBe('');
      scratch.commitAll('demo removed');
    },
    5 * MINUTE,
  );

  it(
    'should change nothing the second time',
    async () => {
      const result = await demoRemove();

      expect(result.exitCode).toBe(0);
      expect(result.all).toContain('nothing to remove');
      expect(scratch.status()).toBe('');
    },
    5 * MINUTE,
  );

  it(
    'should leave a project that type-checks',
    async () => {
      const result = await scratch.run('node', ['node_modules/typescript/bin/tsc', '--noEmit']);

      expect(result.all).toBe('');
      expect(result.exitCode).toBe(0);
    },
    10 * MINUTE,
  );
});
