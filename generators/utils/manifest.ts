import { createHash } from 'node:crypto';
import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from './file-changes';
import type { Registration } from './wiring';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * What a generator's build step says about what it made (a feature, an interceptor, a page type); `generate()`
 * adds the file hashes. Everything recorded can be undone by `destroy`.
 */
export interface FeatureDescription {
  /**
   * The manifest key, and what `destroy --name` is matched against: a feature's singular type name (`Book`), an
   * interceptor's class (`AuditInterceptor`), a page type (`PaginatedWarrior`).
   */
  name: string;
  generator: 'resolver' | 'controller' | 'resource' | 'interceptor' | 'paginated';
  /** The normalized flags, enough to generate the same thing again. */
  options: Record<string, JsonValue>;
  /** The table the migration created (`books`), which `destroy` drops; none for what has no table. */
  table?: string;
  registrations: Registration[];
  /** The features this one depends on (e.g. `Author` for `author:references`): they cannot be destroyed first. */
  references: string[];
}

export interface ManifestEntry extends Omit<FeatureDescription, 'name'> {
  /** Every file the generator created, with the `sha256-<hex>` of its content as written. */
  files: Record<string, string>;
}

export interface Manifest {
  features: Record<string, ManifestEntry>;
}

export const MANIFEST = APP_LAYOUT.manifest;

export function sha256(content: string): string {
  return `sha256-${createHash('sha256').update(content).digest('hex')}`;
}

/** The manifest as this run sees it (pending changes included); a project without one has no generated features. */
export function readManifest(changes: FileChanges): Manifest {
  if (!changes.exists(MANIFEST)) return { features: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes.read(MANIFEST));
  } catch (error) {
    throw new Error(`${MANIFEST} is not valid JSON: ${(error as Error).message}`);
  }
  const features = (parsed as Partial<Manifest> | null)?.features;
  if (typeof features !== 'object' || features === null || Array.isArray(features)) {
    throw new Error(`${MANIFEST} must be an object with a "features" object`);
  }
  return { features };
}

/** Why `name` cannot be recorded: an entry of that name is there already (e.g. a resource `AuditInterceptor`). */
export function recordedProblem(changes: FileChanges, name: string): string | undefined {
  const entry = readManifest(changes).features[name];
  return (
    entry &&
    `${MANIFEST} records ${name} already (made by the ${entry.generator} generator): destroy it first (npx plop destroy -- --name ${name}) or choose another name; nothing was generated`
  );
}

/**
 * Adds the entry (or replaces it), hashing every file this run writes whole (created or rewritten). Call it after formatting, so the hashes are of the
 * content as written.
 */
export function recordFeature(changes: FileChanges, feature: FeatureDescription): void {
  const { name, ...described } = feature;
  const files = Object.fromEntries(changes.written.map((path) => [path, sha256(changes.read(path))]));
  const manifest = readManifest(changes);
  manifest.features[name] = { ...described, files };
  writeManifest(changes, manifest);
}

/** Removes the feature's entry. */
export function forgetFeature(changes: FileChanges, name: string): void {
  const manifest = readManifest(changes);
  delete manifest.features[name];
  writeManifest(changes, manifest);
}

function writeManifest(changes: FileChanges, manifest: Manifest): void {
  const text = serializeManifest(manifest);
  if (changes.exists(MANIFEST)) changes.update(MANIFEST, () => text);
  else changes.create(MANIFEST, text);
}

/** JSON with a fixed key order (features and files sorted, entry keys in one order), so diffs stay small. */
export function serializeManifest(manifest: Manifest): string {
  const features = Object.fromEntries(
    Object.keys(manifest.features)
      .sort()
      .map((name) => {
        const entry = manifest.features[name];
        const ordered: ManifestEntry = {
          generator: entry.generator,
          options: sortKeys(entry.options) as Record<string, JsonValue>,
          ...(entry.table === undefined ? {} : { table: entry.table }),
          files: sortKeys(entry.files) as Record<string, string>,
          registrations: entry.registrations.map(({ file, list, element, import: needed, uses }) => ({
            file,
            list,
            element,
            import: { name: needed.name, from: needed.from },
            ...(uses === undefined ? {} : { uses: uses.map(({ name, from }) => ({ name, from })) }),
          })),
          references: [...entry.references].sort(),
        };
        return [name, ordered];
      }),
  );
  return `${JSON.stringify({ features }, null, 2)}\n`;
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}
