import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import { listFiles } from '../utils/file-changes';

/** Tables and enum types of the schema the migrations make, from drizzle-kit's latest snapshot. */
function databaseTypes(root: string): Set<string> {
  const meta = join(root, APP_LAYOUT.migrations, 'meta');
  const latest = existsSync(meta)
    ? readdirSync(meta)
        .filter((name) => name.endsWith('_snapshot.json'))
        .sort()
        .at(-1)
    : undefined;
  if (!latest) return new Set();
  const snapshot = JSON.parse(readFileSync(join(meta, latest), 'utf8')) as {
    tables?: Record<string, { name: string }>;
    enums?: Record<string, { name: string }>;
  };
  return new Set(
    [...Object.values(snapshot.tables ?? {}), ...Object.values(snapshot.enums ?? {})].map(({ name }) => name),
  );
}

/** The `*.table.ts` file that declares table or enum `name`, for a message that says where it is. */
function declaringFile(root: string, name: string): string | undefined {
  const declares = new RegExp(`\\bpg(Table|Enum)\\(\\s*['"]${name}['"]`);
  const file = listFiles(join(root, 'src')).find(
    (path) => path.endsWith('.table.ts') && declares.test(readFileSync(path, 'utf8')),
  );
  return file && relative(root, file);
}

/**
 * Why the feature's table and enum types (`names`) cannot be created, or undefined. PostgreSQL keeps tables and types in one
 * name space: a table `throttle_counters` the app has, or a feature `TagItem` after a `Tag` with `items:enum{…}`
 * (whose type is `tag_items`), would fail its migration at the next start.
 */
export function databaseNameProblem(root: string, names: string[]): string | undefined {
  const taken = databaseTypes(root);
  for (const name of names) {
    if (taken.has(name)) {
      const where = declaringFile(root, name);
      return `the database has a table or type named ${name} already${where ? ` (${where})` : ''}`;
    }
    taken.add(name);
  }
  return undefined;
}
