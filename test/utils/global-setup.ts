import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_MAIN, ROOT, TEMPLATE_DB_DIR } from './paths';
import { databaseUrl, POSTGRES_TEMPLATE_DB, recreateTemplateDatabase } from './postgres';
import { isDataDirLockFile } from './template-database';

/** Everything that decides what the template database contains. */
function templateKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...readdirSync(join(ROOT, 'drizzle')).map((name) => join('drizzle', name)),
    'drizzle/meta/_journal.json',
    'src/demo/demo-data.ts',
    'src/demo/demo.seeder.ts',
  ];
  for (const file of inputs.filter(
    (name) => name.endsWith('.sql') || name.endsWith('.json') || name.endsWith('.ts'),
  )) {
    hash.update(file).update(readFileSync(join(ROOT, file)));
  }
  return hash.digest('hex');
}

/**
 * Once per run: bring dist/ up to date (the tests that start the real server use it) and make a migrated,
 * seeded PGlite template that each e2e suite copies (~0.2 s) instead of creating (~4 s);
 * with TEST_DATABASE_URL, a template database on that PostgreSQL server as well.
 */
export default async function globalSetup(): Promise<void> {
  // The SWC build (scripts/build.mjs): only what changed, milliseconds when nothing did. Type errors are
  // `npm run typecheck`'s to report.
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('global-setup: scripts/build.mjs failed (see above)');
  if (!existsSync(DIST_MAIN)) throw new Error(`the build did not produce ${DIST_MAIN}`);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    await recreateTemplateDatabase(postgresUrl);
    migrate({ DATABASE_URL: databaseUrl(postgresUrl, POSTGRES_TEMPLATE_DB) });
  }

  const key = templateKey();
  const keyFile = join(TEMPLATE_DB_DIR, 'template.key');
  if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return;

  rmSync(TEMPLATE_DB_DIR, { recursive: true, force: true });
  migrate({ DATA_DIR: TEMPLATE_DB_DIR, DATABASE_URL: '' });
  // db:migrate must release DATA_DIR's lock when it is done; the suites' copies leave lock files out regardless.
  const leftovers = readdirSync(TEMPLATE_DB_DIR).filter(isDataDirLockFile);
  if (leftovers.length > 0) throw new Error(`db:migrate left ${leftovers.join(', ')} in ${TEMPLATE_DB_DIR}`);
  writeFileSync(keyFile, key);
}

function migrate(env: Record<string, string>): void {
  execFileSync(process.execPath, [join(ROOT, 'dist/migrate.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: 'true', ...env },
  });
}
