import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { APP_LAYOUT, GRAPHQL_STYLES, type GraphqlStyle } from '../app-layout';
import { type FileChanges, listFiles } from '../utils/file-changes';
import { generateMigration, type Regenerations, settleAll } from '../utils/generate';
import { forgetFeature, MANIFEST, type Manifest, type ManifestEntry, sha256 } from '../utils/manifest';
import { GeneratorInputError } from '../utils/options';
import { relativeImportsOf, unregister } from '../utils/wiring';
import { featureKeyOf, type DestroyOptions } from './normalize';

/** Why `name` cannot be destroyed whatever the flags (not generated, or still referenced), or undefined. */
export function destroyProblem(manifest: Manifest, name: string): string | undefined {
  const key = featureKeyOf(name);
  const generated = Object.keys(manifest.features).sort();
  if (key === undefined || !Object.hasOwn(manifest.features, key)) {
    const listed = generated.length > 0 ? `generated features: ${generated.join(', ')}` : 'it lists none yet';
    return `${key ?? name} is not a generated feature (never generated, or destroyed already): ${MANIFEST} has no entry for it (${listed}); nothing was removed`;
  }
  const dependents = generated.filter((other) => manifest.features[other].references?.includes(key));
  if (dependents.length > 0) {
    return `${key} is referenced by ${dependents.join(', ')}: destroy ${dependents.length > 1 ? 'those' : 'that'} first; nothing was removed`;
  }
  return undefined;
}

/** The generated files whose content is no longer what the generator wrote, each with what happened to it. */
export function editedFiles(root: string, entry: ManifestEntry): string[] {
  return Object.entries(entry.files).flatMap(([path, hash]) => {
    const absolute = join(root, path);
    if (!existsSync(absolute)) return [`${path} (missing)`];
    return sha256(readFileSync(absolute, 'utf8')) === hash ? [] : [`${path} (edited)`];
  });
}

/** The GraphQL endpoints whose feature list the feature is registered in: their artefacts must be regenerated. */
export function touchedEndpoints(entry: ManifestEntry): GraphqlStyle[] {
  return GRAPHQL_STYLES.filter((style) =>
    entry.registrations.some((registration) => registration.file === APP_LAYOUT.endpoints[style].file),
  );
}

/** A feature with a controller: its routes are in openapi.json. */
export function hasRestRoutes(entry: ManifestEntry): boolean {
  return Object.keys(entry.files).some((file) => file.endsWith('.controller.ts'));
}

const SCRIPTS: Record<GraphqlStyle, string> = {
  'code-first': 'npm run graphql:schema',
  'schema-first': 'npm run graphql:typings',
};

/**
 * Plans the undo in memory after checking everything: deletes the generated files, takes out each registration
 * through the AST and the manifest entry. Refuses (nothing written) on an edited file unless --force.
 */
export function buildDestroy(changes: FileChanges, manifest: Manifest, options: DestroyOptions): void {
  const problem = destroyProblem(manifest, options.Name);
  if (problem) throw new GeneratorInputError(problem);
  const entry = manifest.features[options.Name];
  const edited = editedFiles(changes.root, entry);
  if (edited.length > 0 && !options.force) {
    throw new GeneratorInputError(
      `${options.Name}: generated files changed since they were generated; removing them would lose that work:\n` +
        `${edited.map((line) => `  ${line}`).join('\n')}\n` +
        'Run again with --force to remove it anyway; nothing was removed',
    );
  }
  for (const path of Object.keys(entry.files)) {
    if (changes.exists(path)) changes.delete(path);
  }
  for (const registration of entry.registrations) {
    changes.update(registration.file, (text) => unregister(text, registration));
  }
  const importer = importerOfDeleted(changes);
  if (importer) {
    throw new GeneratorInputError(
      `${options.Name}: ${importer}, which destroy would delete: take that import out first; nothing was removed`,
    );
  }
  forgetFeature(changes, options.Name);
  if (entry.table !== undefined) {
    changes.plan(`${APP_LAYOUT.migrations}/<next>_drop_${entry.table}.sql (drizzle-kit generate)`);
  }
  for (const style of touchedEndpoints(entry)) {
    changes.plan(`${APP_LAYOUT.endpoints[style].artefact} (${SCRIPTS[style]})`);
  }
  if (hasRestRoutes(entry)) changes.plan(`${APP_LAYOUT.openapi.artefact} (${APP_LAYOUT.openapi.command})`);
}

/** The drop migration (for what has a table) and the regenerated schema artefacts, side by side (independent). */
export async function finishDestroy(
  root: string,
  changes: FileChanges,
  entry: ManifestEntry,
  regenerations: Regenerations,
): Promise<void> {
  const { table } = entry;
  await settleAll([
    ...(table === undefined
      ? []
      : [
          generateMigration(
            root,
            changes,
            `drop_${table}`,
            `its snapshots in ${APP_LAYOUT.migrations}/meta do not hold table "${table}" (dropped already?)`,
          ),
        ]),
    ...regenerations.run(changes),
  ]);
}

/**
 * A file that stays and imports one that goes (hand-written code that came to use the feature): the tree left
 * behind would not compile. Its registrations are taken out by then; any other import is the user's to remove.
 */
function importerOfDeleted(changes: FileChanges): string | undefined {
  const deleted = new Set(changes.deleted.map((path) => path.replace(/\.ts$/, '')));
  // What every import of a deleted file names: its file name, or its folder's for an index.
  const importedAs = [...deleted].map((path) =>
    posix.basename(path) === 'index' ? posix.basename(posix.dirname(path)) : posix.basename(path),
  );
  const sources = ['src', 'test']
    .flatMap((folder) => listFiles(join(changes.root, folder)))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => relative(changes.root, file));
  for (const path of sources) {
    if (!changes.exists(path)) continue;
    const text = changes.read(path);
    // Parsed only where a deleted file's name appears: every import of it has that name.
    if (!importedAs.some((name) => text.includes(name))) continue;
    for (const specifier of relativeImportsOf(path, text)) {
      const target = posix.join(posix.dirname(path), specifier);
      const imported = [target, posix.join(target, 'index')].find((candidate) => deleted.has(candidate));
      if (imported) return `${path} imports ${imported}.ts`;
    }
  }
  return undefined;
}
