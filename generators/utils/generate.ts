import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Answers } from './options';
import { FileChanges } from './file-changes';

/**
 * The one action every generator runs: build all changes in memory, format them, then write them
 * together and run the follow-up steps; any failure puts the tree back as it was.
 * With --dry-run, it only lists what it would do.
 */
export async function generate(
  root: string,
  answers: Answers,
  build: (changes: FileChanges) => void | Promise<void>,
  followUp: (changes: FileChanges) => void | Promise<void> = () => undefined,
): Promise<string> {
  const changes = new FileChanges(root);
  await build(changes);
  await changes.format();
  if (answers.dryRun) return `dry run, nothing written:\n${changes.summary()}`;

  changes.commit();
  try {
    await followUp(changes);
  } catch (error) {
    changes.rollback();
    throw error;
  }
  return changes.summary();
}

/** `drizzle-kit generate`: writes the SQL migration for the tables the feature added to the schema. */
export function generateMigration(root: string, changes: FileChanges, name: string): void {
  changes.watch('drizzle');
  const drizzleKit = join(root, 'node_modules', 'drizzle-kit', 'bin.cjs');
  execFileSync(process.execPath, [drizzleKit, 'generate', '--name', name], { cwd: root, stdio: 'pipe' });
}
