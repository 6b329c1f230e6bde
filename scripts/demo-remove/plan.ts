import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { APP_LAYOUT, GRAPHQL_STYLES } from '../../generators/app-layout';
import { type FileChanges, listFiles } from '../../generators/utils/file-changes';
import { forgetFeature, readManifest } from '../../generators/utils/manifest';
import {
  type ImportOf,
  MODULE_PROPERTIES,
  relativeImportsOf,
  removeFromArrayConstant,
  removeFromModule,
} from '../../generators/utils/wiring';
import { DEMO } from './demo';
import { namedImportsFrom, removeConstants, removeUsesOf } from './source-edits';

/** What a run found to do beyond the file changes, and what it leaves to a person. */
export interface DemoRemoval {
  /** The tables of DEMO.tables that the latest migration snapshot still holds: the new migration drops them. */
  tablesToDrop: string[];
  /** Files that stay and still import removed code (tests only: a source file stops the run). */
  brokenTests: string[];
}

/** Thrown when the demo cannot be removed as it is: nothing is written. */
export class DemoRemovalRefused extends Error {
  override readonly name = 'DemoRemovalRefused';
}

/** Whether `path` (relative, posix) is one of the demo's files or lies under one of its folders. */
export function isDemoPath(path: string): boolean {
  const bare = path.replace(/\.ts$/, '');
  return (
    DEMO.files.some((file) => file === path || file.replace(/\.ts$/, '') === bare) ||
    DEMO.folders.some((folder) => path === folder || path.startsWith(`${folder}/`))
  );
}

/** Whether the module specifier `from`, imported by `importer`, resolves into the demo. */
function importsDemo(importer: string, from: string): boolean {
  return from.startsWith('.') && isDemoPath(posix.join(posix.dirname(importer), from));
}

/** Plans the whole removal in `changes` (nothing is written yet); refuses on what needs a person first. */
export function planDemoRemoval(changes: FileChanges): DemoRemoval {
  deleteDemoFiles(changes);
  unregisterDemoModules(changes);
  removeDemoData(changes);
  rewordDemoProse(changes);
  forgetDemoFeatures(changes);
  const importers = importersOfDemo(changes);
  const sources = importers.filter((line) => !line.startsWith('test/'));
  if (sources.length > 0) {
    throw new DemoRemovalRefused(
      `code that stays uses the demo; take these imports out first (nothing was removed):\n` +
        sources.map((line) => `  ${line}`).join('\n'),
    );
  }
  return { tablesToDrop: tablesInLatestSnapshot(changes.root), brokenTests: importers };
}

function deleteDemoFiles(changes: FileChanges): void {
  const inFolders = DEMO.folders.flatMap((folder) =>
    listFiles(join(changes.root, folder)).map((file) => relative(changes.root, file).split('\\').join('/')),
  );
  for (const path of [...inFolders, ...DEMO.files]) {
    if (changes.exists(path)) changes.delete(path);
  }
}

/**
 * Takes every module imported from the demo out of the app's registration points (the root module's metadata,
 * each endpoint's feature list), through the AST as the generators put them in, with the imports that go.
 */
function unregisterDemoModules(changes: FileChanges): void {
  const { file: rootModule } = APP_LAYOUT.rootModule;
  for (const { name, from } of demoImportsOf(changes, rootModule)) {
    const needed: ImportOf[] = [{ name, from }];
    for (const property of MODULE_PROPERTIES) {
      changes.update(rootModule, (text) => removeFromModule(rootModule, text, property, name, needed));
    }
  }
  for (const style of GRAPHQL_STYLES) {
    const { file, features } = APP_LAYOUT.endpoints[style];
    for (const { name, from } of demoImportsOf(changes, file)) {
      changes.update(file, (text) => removeFromArrayConstant(file, text, features, name, [{ name, from }]));
    }
  }
}

function demoImportsOf(changes: FileChanges, path: string): ImportOf[] {
  return namedImportsFrom(path, changes.read(path), (from) => importsDemo(path, from));
}

/** The demo rows of the removed features go from the data and the seeder; the demo users stay. */
function removeDemoData(changes: FileChanges): void {
  const { file, constants } = DEMO.data;
  if (changes.exists(file)) changes.update(file, (text) => removeConstants(file, text, constants));
  const seeder = DEMO.seeder;
  if (!changes.exists(seeder)) return;
  const dataModule = `./${posix.basename(file, '.ts')}`;
  const gone = namedImportsFrom(seeder, changes.read(seeder), (from) => importsDemo(seeder, from))
    .map(({ name }) => name)
    .concat(
      namedImportsFrom(seeder, changes.read(seeder), (from) => from === dataModule)
        .map(({ name }) => name)
        .filter((name) => (constants as readonly string[]).includes(name)),
    );
  if (gone.length > 0) changes.update(seeder, (text) => removeUsesOf(seeder, text, gone));
}

function rewordDemoProse(changes: FileChanges): void {
  for (const { file, from, to } of DEMO.wording) {
    if (changes.exists(file) && changes.read(file).includes(from)) {
      changes.update(file, (text) => text.replace(from, to));
    }
  }
}

/**
 * The generators' manifest entries whose files are all demo files (the reference feature Book) are forgotten;
 * one with files both in the demo and out of it, or that references a forgotten one, needs a person.
 */
function forgetDemoFeatures(changes: FileChanges): void {
  const { features } = readManifest(changes);
  const forgotten = Object.keys(features).filter((name) => {
    const files = Object.keys(features[name].files);
    const inDemo = files.filter(isDemoPath);
    if (inDemo.length > 0 && inDemo.length < files.length) {
      throw new DemoRemovalRefused(
        `generated ${name} has files in the demo (${inDemo.join(', ')}) and out of it: destroy it first (npx plop destroy -- --name ${name}); nothing was removed`,
      );
    }
    return files.length > 0 && inDemo.length === files.length;
  });
  for (const name of Object.keys(features)) {
    const gone = (features[name].references ?? []).filter((reference) => forgotten.includes(reference));
    if (!forgotten.includes(name) && gone.length > 0) {
      throw new DemoRemovalRefused(
        `generated ${name} references ${gone.join(', ')}, which is demo: destroy ${name} first (npx plop destroy -- --name ${name}); nothing was removed`,
      );
    }
  }
  for (const name of forgotten) forgetFeature(changes, name);
}

/** `path imports target` for every file that stays (src, test, scripts, generators) and imports a demo file. */
function importersOfDemo(changes: FileChanges): string[] {
  const folders = ['src', 'test', 'scripts', 'generators'];
  const paths = folders
    .flatMap((folder) => listFiles(join(changes.root, folder)))
    .map((file) => relative(changes.root, file).split('\\').join('/'))
    .filter((path) => path.endsWith('.ts') && !isDemoPath(path) && changes.exists(path));
  return paths.flatMap((path) => {
    const text = changes.read(path);
    // Parsed only where a demo folder's name appears: every import of its files has it.
    if (!DEMO.folders.some((folder) => text.includes(posix.basename(folder)))) return [];
    return relativeImportsOf(path, text)
      .filter((from) => importsDemo(path, from))
      .map((from) => `${path} imports ${posix.join(posix.dirname(path), from)}`);
  });
}

/** The demo tables the newest drizzle-kit snapshot holds (none once a migration has dropped them). */
export function tablesInLatestSnapshot(root: string): string[] {
  const meta = join(root, APP_LAYOUT.migrations, 'meta');
  if (!existsSync(meta)) return [];
  const latest = readdirSync(meta)
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!latest) return [];
  const snapshot = JSON.parse(readFileSync(join(meta, latest), 'utf8')) as {
    tables?: Record<string, { name: string; schema?: string }>;
  };
  const tables = Object.values(snapshot.tables ?? {});
  return DEMO.tables.filter((table) =>
    tables.some(({ name, schema }) => name === table && (schema || 'public') === 'public'),
  );
}
