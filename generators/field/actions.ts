import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import { editedFiles } from '../destroy/actions';
import { buildResource } from '../resource/actions';
import {
  featureNameProblem,
  normalizeResourceOptions,
  OWNED_NAMES,
  type ResourceOptions,
} from '../resource/normalize';
import { findParentTypes, usableBy } from '../resource/parents';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration, type Regenerations, settleAll } from '../utils/generate';
import { type FeatureDescription, forgetFeature, type Manifest } from '../utils/manifest';
import { GeneratorInputError } from '../utils/options';
import type { Render } from '../utils/render';
import { answersOf, fieldTargetProblem, type FieldOptions, type FieldPlan, planFields } from './normalize';

const TIMESTAMPS = ['createdAt', 'updatedAt'];

/** A planned `field` run: the feature as it is and as it will be. */
export interface FieldChange {
  current: ResourceOptions;
  next: ResourceOptions;
  plan: FieldPlan;
  /** Files of the feature edited since they were written, which --force rewrites (empty without edits). */
  overwritten: string[];
}

/** Checks everything `field` checks before it renders: the feature, the fields, the names, edited files. */
export function planFieldChange(root: string, manifest: Manifest, options: FieldOptions): FieldChange {
  const problem = fieldTargetProblem(manifest, options.Name);
  if (problem) throw new GeneratorInputError(problem);
  const entry = manifest.features[options.Name];
  const answers = answersOf(options.Name, entry);
  const current = normalizeResourceOptions(answers, root, { checkNames: false });
  const plan = planFields(
    { Name: current.Name, spec: current.fieldSpec, table: current.snakeNames },
    options,
    {
      knownTypes: usableBy(findParentTypes(root), current.graphql ? current.style : undefined).map(
        (parent) => parent.Name,
      ),
      reservedNames: reservedNamesOf(current),
      self: current.Name,
    },
  );
  const next = normalizeResourceOptions({ ...answers, fields: plan.spec }, root, { checkNames: false });
  const clash = featureNameProblem(root, next, current);
  if (clash) throw new GeneratorInputError(clash);
  const edited = editedFiles(root, entry);
  if (edited.length > 0 && !options.force) {
    throw new GeneratorInputError(
      `${options.Name}: files of the feature changed since they were generated; rewriting them would lose that work:\n` +
        `${edited.map((line) => `  ${line}`).join('\n')}\n` +
        'Run again with --force to rewrite them anyway; nothing was changed',
    );
  }
  return { current, next, plan, overwritten: edited };
}

/** The names a field of the feature cannot take: id, the timestamps, the owner, as `resource` reserves them. */
export function reservedNamesOf(feature: ResourceOptions): string[] {
  return ['id', ...(feature.timestamps ? TIMESTAMPS : []), ...(feature.owned ? OWNED_NAMES : [])];
}

/**
 * Renders the feature again, whole, with its next fields, in place of the files it has: a file it keeps is
 * rewritten, one it no longer has (an enum's, a removed reference's resolver) is deleted, a new one is created.
 * Its registrations stay; its manifest entry is replaced (new spec, new hashes).
 */
export function buildField(
  render: Render,
  changes: FileChanges,
  manifest: Manifest,
  { Name }: FieldOptions,
  { next, plan }: FieldChange,
): FeatureDescription {
  const entry = manifest.features[Name];
  for (const path of Object.keys(entry.files)) {
    if (changes.exists(path)) changes.delete(path);
  }
  forgetFeature(changes, Name);
  const description = buildResource(render, changes, next, { rewrite: true });
  changes.plan(`${APP_LAYOUT.migrations}/<next>_${plan.migration}.sql (drizzle-kit generate: ALTER TABLE)`);
  return { ...description, generator: entry.generator };
}

/** The ALTER TABLE migration and the endpoint's regenerated schema, side by side (independent). */
export async function finishField(
  root: string,
  changes: FileChanges,
  { next, plan }: FieldChange,
  regenerations: Regenerations,
): Promise<void> {
  await settleAll([
    generateMigration(
      root,
      changes,
      plan.migration,
      `its snapshots in ${APP_LAYOUT.migrations}/meta hold table "${next.snakeNames}" with these columns already`,
    ).then(() => keptRowsProblem(root, changes, plan, next.snakeNames)),
    ...regenerations.run(changes),
  ]);
}

/** Fails (the tree is put back) on a migration that would lose the table's rows: never a drop and re-create. */
function keptRowsProblem(root: string, changes: FileChanges, plan: FieldPlan, table: string): void {
  const [migration] = changes
    .newIn(APP_LAYOUT.migrations)
    .filter((file) => file.endsWith(`_${plan.migration}.sql`));
  const sql = readFileSync(join(root, migration), 'utf8');
  if (new RegExp(`(DROP|CREATE) TABLE[^;]*"${table}"`).test(sql)) {
    throw new Error(
      `drizzle-kit wrote ${migration} with a DROP or CREATE TABLE of "${table}", which would lose its rows; nothing was changed`,
    );
  }
}
