import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APP_LAYOUT, type GraphqlStyle } from '../app-layout';
import { type Answers, GeneratorInputError } from './options';
import { FileChanges } from './file-changes';
import { type FeatureDescription, MANIFEST, recordedProblem, recordFeature } from './manifest';
import { doubleBinding } from './wiring';

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
  for (const path of [...changes.created, ...changes.changed].filter((file) => file.endsWith('.ts'))) {
    const clash = doubleBinding(path, changes.read(path));
    if (clash)
      throw new GeneratorInputError(
        `a name clashes with what the generated code imports: ${clash}; rename the feature, or the field whose type it is`,
      );
  }
  const recorded = feature && recordedProblem(changes, feature.name);
  if (recorded) throw new GeneratorInputError(recorded);
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

/** Runs a Node script of the project, as its npm script would: its output; a failure carries that output. */
export async function runNodeScript(root: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, args, { cwd: root });
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`node ${args.join(' ')} failed:\n${stderr || stdout || (error as Error).message}`);
  }
}

/** Waits for every step, then fails with the first failure: a rollback must not start while a step still writes. */
export async function settleAll(steps: Array<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A TypeScript script of the project started ahead of its turn (startEarly). */
export interface EarlyScript {
  /** The tree is written: the script runs now; resolves once it has succeeded, rejects with its output. */
  run(): Promise<void>;
  /** Not needed after all (a dry run, a failed step): ends it without running; resolves once it has ended. */
  cancel(): Promise<void>;
}

const LOAD_THEN_RUN = join(__dirname, 'load-then-run.cjs');

/**
 * Starts a TypeScript script of the project (through the project's TypeScript runner, as its npm script does) at
 * once, held back by load-then-run.cjs: it loads `preload` while the generator builds, formats and writes, and
 * runs at run(), on the written tree. A regeneration that loads Nest and GraphQL for a second before it reads the
 * tree then costs the generator only its own work after the write.
 */
export function startEarly(
  root: string,
  { script, preload }: { script: string; preload: readonly string[] },
): EarlyScript {
  const child = spawn(process.execPath, ['-r', './scripts/register-swc.cjs', LOAD_THEN_RUN, script], {
    cwd: root,
    env: { ...process.env, PRELOAD_PACKAGES: preload.join(',') },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  // A script that failed while loading has closed its end: run() reports its output instead.
  child.stdin.on('error', () => undefined);
  /** Why the script did not succeed, once it has ended; undefined when it did. */
  const failure = new Promise<string | undefined>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => resolve(code === 0 ? undefined : `exit ${code ?? signal}`));
  });
  return {
    async run() {
      child.stdin.end('run\n');
      const reason = await failure;
      if (reason) throw new Error(`${script} failed (${reason}):\n${output}`);
    },
    async cancel() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await failure;
    },
  };
}

/** The committed artefacts derived from the app (GraphQL schemas, OpenAPI), regenerated after a run (startRegenerations). */
export interface Regenerations {
  /** The tree is written: tracks each artefact (a rollback puts it back) and runs each script. */
  run(changes: FileChanges): Array<Promise<void>>;
  /** Not needed after all (a dry run, a failed step): ends the scripts that have not run. */
  cancel(): Promise<void>;
}

/**
 * The regeneration of each endpoint's artefact (schema.gql, the schema-first typings) and, with `openapi` (a
 * change to REST routes), of openapi.json, each started at once (startEarly) so that its loading overlaps the
 * generator's own work; none for nothing to regenerate (a dry run).
 */
export function startRegenerations(
  root: string,
  styles: readonly GraphqlStyle[],
  { openapi = false }: { openapi?: boolean } = {},
): Regenerations {
  const sources = [
    ...styles.map((style) => APP_LAYOUT.endpoints[style]),
    ...(openapi ? [APP_LAYOUT.openapi] : []),
  ];
  const scripts = sources.map(({ artefact, regenerate }) => ({
    artefact,
    script: startEarly(root, regenerate),
  }));
  return {
    run: (changes) =>
      scripts.map(({ artefact, script }) => {
        changes.track(artefact);
        return script.run();
      }),
    cancel: async () => {
      await Promise.all(scripts.map(({ script }) => script.cancel()));
    },
  };
}

/**
 * `drizzle-kit generate`: writes the SQL migration for the tables the feature added (or, for `destroy`, the
 * drop of the one it removed). A run that announced a
 * migration and wrote none (drizzle-kit's snapshots already list the table, which the resource generator checks
 * before it writes) fails, so the tree is put back instead of leaving a feature without its table.
 */
export async function generateMigration(
  root: string,
  changes: FileChanges,
  name: string,
  // Why drizzle-kit may write nothing, and what to do: the default fits a new table.
  hint = `its snapshots in ${APP_LAYOUT.migrations}/meta already hold this table: choose another name (the migrations that made it stay as they are)`,
): Promise<void> {
  changes.watch(APP_LAYOUT.migrations);
  const output = await runNodeScript(root, [
    join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'),
    'generate',
    '--name',
    name,
  ]).catch((error: Error) => {
    if (error.message.includes(DRIZZLE_KIT_ASKED)) return error.message;
    throw error;
  });
  const written = changes.newIn(APP_LAYOUT.migrations).filter((file) => file.endsWith(`_${name}.sql`));
  if (written.length > 0) return;
  // drizzle-kit asks whether a table was created or renamed when the schema holds changes of the user's own that
  // no migration has yet; without a terminal it cannot, and writes nothing.
  if (output.includes(DRIZZLE_KIT_ASKED)) {
    throw new Error(
      `drizzle-kit wrote no ${APP_LAYOUT.migrations}/<next>_${name}.sql: it stopped to ask about a schema change ` +
        'that has no migration yet (a table added, renamed or dropped by hand): run `npm run db:generate`, answer ' +
        'it, then run the generator again',
    );
  }
  throw new Error(`drizzle-kit wrote no ${APP_LAYOUT.migrations}/<next>_${name}.sql: ${hint}`);
}

/** What drizzle-kit prints when it has a question and no terminal to ask it at. */
const DRIZZLE_KIT_ASKED = 'Interactive prompts require a TTY';
