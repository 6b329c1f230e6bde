import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APP_LAYOUT } from '../app-layout';
import type { Answers } from './options';
import { FileChanges } from './file-changes';
import { type FeatureDescription, MANIFEST, recordFeature } from './manifest';

/**
 * The one action every generator runs: build all changes in memory, format them, then write them
 * together and run the follow-up steps; any failure puts the tree back as it was.
 * A build step that returns a feature description gets it recorded in the manifest, with the hashes of the
 * files it created, so that `destroy` can undo it. With --dry-run, it only lists what it would do.
 */
export async function generate(
  root: string,
  answers: Answers,
  build: (changes: FileChanges) => FeatureDescription | void | Promise<FeatureDescription | void>,
  followUp: (changes: FileChanges) => void | Promise<void> = () => undefined,
): Promise<string> {
  const changes = new FileChanges(root);
  const feature = await build(changes);
  await changes.format();
  if (feature) {
    // After formatting: the hashes are of the files as written.
    recordFeature(changes, feature);
    await changes.format([MANIFEST]);
  }
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

const execFileAsync = promisify(execFile);

/** Runs a Node script of the project, as its npm script would; a failure carries the script's own output. */
export async function runNodeScript(root: string, args: string[]): Promise<void> {
  try {
    await execFileAsync(process.execPath, args, { cwd: root });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`node ${args.join(' ')} failed:\n${stderr || stdout || (error as Error).message}`);
  }
}

/** A Node script of the project started ahead of its turn (startEarly). */
export interface EarlyScript {
  /** The tree is written: the script runs now; resolves once it has succeeded, rejects with its output. */
  run(): Promise<void>;
  /** Not needed after all (a dry run, a failed step): ends it without running; resolves once it has ended. */
  cancel(): Promise<void>;
}

const LOAD_THEN_RUN = join(__dirname, 'load-then-run.cjs');

/**
 * Starts a Node script of the project (`args` as runNodeScript takes them: Node's options, then the script) at
 * once, held back by load-then-run.cjs: it loads `packages` while the generator builds, formats and writes, and
 * runs at run(), on the written tree. A regeneration that loads Nest and GraphQL for a second before reading the
 * tree then costs the generator only its own work, done after the write.
 */
export function startEarly(root: string, args: readonly string[], packages: readonly string[]): EarlyScript {
  const command = [...args.slice(0, -1), LOAD_THEN_RUN, ...args.slice(-1)];
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, PRELOAD_PACKAGES: packages.join(',') },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  // A script that failed while loading has closed its end: run() reports its output instead.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<string | null>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => resolve(code === 0 ? null : `exit ${code ?? signal}`));
  });
  return {
    async run() {
      child.stdin.end('run\n');
      const failure = await exited;
      if (failure) throw new Error(`node ${args.join(' ')} failed:\n${output || failure}`);
    },
    async cancel() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

/**
 * `drizzle-kit generate`: writes the SQL migration for the tables the feature added (or, for `destroy`, the
 * drop of the one it removed). A run that announced a
 * migration and wrote none (drizzle-kit's snapshots already list the table, e.g. after a hand-made
 * `drizzle-kit drop`) fails, so the tree is put back instead of leaving a feature without its table.
 */
export async function generateMigration(
  root: string,
  changes: FileChanges,
  name: string,
  // Why drizzle-kit may write nothing, and what to do: the default fits a new table.
  hint = `its snapshots in ${APP_LAYOUT.migrations}/meta already hold this table. Remove it there (npx drizzle-kit drop), then run again.`,
): Promise<void> {
  changes.watch(APP_LAYOUT.migrations);
  await runNodeScript(root, [
    join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'),
    'generate',
    '--name',
    name,
  ]);
  const written = changes.newIn(APP_LAYOUT.migrations).filter((file) => file.endsWith(`_${name}.sql`));
  if (written.length === 0) {
    throw new Error(`drizzle-kit wrote no ${APP_LAYOUT.migrations}/<next>_${name}.sql: ${hint}`);
  }
}
