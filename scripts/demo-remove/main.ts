import { resolve } from 'node:path';
import { APP_LAYOUT, GRAPHQL_STYLES } from '../../generators/app-layout';
import { FileChanges } from '../../generators/utils/file-changes';
import { generateMigration, settleAll, startRegenerations } from '../../generators/utils/generate';
import { DEMO } from './demo';
import { type DemoRemoval, DemoRemovalRefused, planDemoRemoval } from './plan';

/**
 * `npm run demo:remove [-- --dry-run]`: turns the starter into a product skeleton. Removes the showcase and the
 * example features (scripts/demo-remove/demo.ts lists them), their registrations, tests, data and manifest entry,
 * then writes one migration that drops their tables and regenerates both GraphQL endpoints' artefacts and
 * openapi.json. Everything
 * is planned in memory first; a failing step puts the tree back. A second run finds nothing to remove.
 */
const ROOT = resolve(__dirname, '..', '..');
const USAGE = 'usage: npm run demo:remove [-- --dry-run]';

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.includes('--help') || unknown.includes('-h')) return void console.log(USAGE);
  if (unknown.length > 0) throw new DemoRemovalRefused(`unknown argument ${unknown.join(' ')}; ${USAGE}`);
  const dryRun = args.includes('--dry-run');

  const changes = new FileChanges(ROOT);
  const removal = planDemoRemoval(changes);
  const edits = [...changes.created, ...changes.changed, ...changes.deleted];
  if (edits.length === 0 && removal.tablesToDrop.length === 0) {
    console.log('demo:remove: the demo is removed already; nothing to remove');
    return;
  }
  planFollowUps(changes, removal);
  await changes.format();
  if (dryRun) {
    console.log(`demo:remove: dry run, nothing written:\n${changes.summary()}`);
    reportBrokenTests(removal);
    return;
  }
  // The schema scripts load Nest and GraphQL while the files are written (as the generators do).
  const regenerations = startRegenerations(ROOT, GRAPHQL_STYLES, { openapi: true });
  try {
    changes.commit();
    try {
      await settleAll([writeDropMigration(changes, removal), ...regenerations.run(changes)]);
    } catch (error) {
      changes.rollback();
      throw error;
    }
  } finally {
    await regenerations.cancel();
  }
  console.log(`demo:remove: the demo is removed:\n${changes.summary()}`);
  reportBrokenTests(removal);
}

function planFollowUps(changes: FileChanges, { tablesToDrop }: DemoRemoval): void {
  if (tablesToDrop.length > 0) {
    changes.plan(
      `${APP_LAYOUT.migrations}/<next>_${DEMO.migration}.sql dropping ${tablesToDrop.join(', ')} (drizzle-kit generate)`,
    );
  }
  changes.plan(`${APP_LAYOUT.endpoints['code-first'].artefact} (npm run graphql:schema)`);
  changes.plan(`${APP_LAYOUT.endpoints['schema-first'].artefact} (npm run graphql:typings)`);
  changes.plan(`${APP_LAYOUT.openapi.artefact} (${APP_LAYOUT.openapi.command})`);
}

/** drizzle-kit's migration for the tables that went with their *.table.ts files; it must only drop. */
async function writeDropMigration(changes: FileChanges, { tablesToDrop }: DemoRemoval): Promise<void> {
  if (tablesToDrop.length === 0) return;
  await generateMigration(
    ROOT,
    changes,
    DEMO.migration,
    `its snapshots in ${APP_LAYOUT.migrations}/meta do not hold ${tablesToDrop.join(', ')} any more`,
  );
  const [written] = changes
    .newIn(APP_LAYOUT.migrations)
    .filter((file) => file.endsWith(`_${DEMO.migration}.sql`));
  const others = nonDropStatements(changes.read(written));
  if (others.length > 0) {
    throw new Error(
      `drizzle-kit's ${written} does more than drop the demo's tables (the schema holds changes of its own that ` +
        `have no migration yet: run \`npm run db:generate\` first):\n${others.map((line) => `  ${line}`).join('\n')}`,
    );
  }
}

/** The statements of a migration that are not a drop (of a table, a type, an index or a constraint). */
function nonDropStatements(sql: string): string[] {
  const drop = /^(DROP (TABLE|TYPE|INDEX)|ALTER TABLE \S+ (DROP CONSTRAINT|DISABLE ROW LEVEL SECURITY))\b/i;
  return sql
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '' && !drop.test(statement));
}

function reportBrokenTests({ brokenTests }: DemoRemoval): void {
  if (brokenTests.length === 0) return;
  console.warn(
    `demo:remove: these tests stay and import removed code; change or delete them (the type check fails until then):\n` +
      brokenTests.map((line) => `  ${line}`).join('\n'),
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const refused = error instanceof DemoRemovalRefused;
  console.error(
    `demo:remove: ${refused ? '' : 'failed, the tree is as it was: '}${(error as Error).message}`,
  );
  process.exitCode = 1;
});
