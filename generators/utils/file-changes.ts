import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';

interface Change {
  /** undefined: the file is new */
  before: string | undefined;
  /** undefined: the file is deleted */
  after: string | undefined;
}

/**
 * Every file a generator run creates or changes, held in memory until `commit`, then written together.
 * If a write or a later step fails, `rollback` puts the tree back exactly as it was.
 */
export class FileChanges {
  private readonly changes = new Map<string, Change>();
  private readonly watched = new Map<string, { files: Set<string>; contents: Map<string, string> }>();
  private readonly followUps: string[] = [];
  private readonly tracked = new Map<string, string>();
  /** Files given their whole content by `create` in this run (a rewrite of a deleted file included). */
  private readonly rendered = new Set<string>();

  constructor(readonly root: string) {}

  private absolute(path: string): string {
    return join(this.root, path);
  }

  read(path: string): string {
    const pending = this.changes.get(path);
    if (!pending) return readFileSync(this.absolute(path), 'utf8');
    if (pending.after === undefined) throw new Error(`${path} is deleted by this run`);
    return pending.after;
  }

  exists(path: string): boolean {
    const pending = this.changes.get(path);
    return pending ? pending.after !== undefined : existsSync(this.absolute(path));
  }

  /** A new file; or, after `delete` in the same run, the file written anew (a rewrite: an update on commit). */
  create(path: string, content: string): void {
    if (this.exists(path)) throw new Error(`${path} already exists; nothing was generated`);
    this.changes.set(path, { before: this.changes.get(path)?.before, after: content });
    this.rendered.add(path);
  }

  update(path: string, edit: (current: string) => string): void {
    if (!this.exists(path)) throw new Error(`${path} does not exist, so it cannot be wired up`);
    this.changes.set(path, { before: this.before(path), after: edit(this.read(path)) });
  }

  /** Deletes a file on commit (its folders too, once empty); a rollback writes it back. */
  delete(path: string): void {
    if (!this.exists(path)) throw new Error(`${path} does not exist, so it cannot be deleted`);
    const before = this.before(path);
    this.rendered.delete(path);
    if (before === undefined) this.changes.delete(path);
    else this.changes.set(path, { before, after: undefined });
  }

  /** The file's content before this run; undefined for a file this run creates. */
  private before(path: string): string | undefined {
    const pending = this.changes.get(path);
    return pending ? pending.before : readFileSync(this.absolute(path), 'utf8');
  }

  /** A change that a follow-up step (not a template) will make, for the summary and --dry-run. */
  plan(description: string): void {
    this.followUps.push(description);
  }

  /** Remembers a file that a later step rewrites (e.g. a generated schema), so a rollback can restore it. */
  track(path: string): void {
    this.tracked.set(path, readFileSync(this.absolute(path), 'utf8'));
  }

  /** Remembers a folder that a later step (e.g. drizzle-kit) writes into, so a rollback can undo that too. */
  watch(folder: string): void {
    const absolute = this.absolute(folder);
    const files = new Set(listFiles(absolute));
    const contents = new Map([...files].map((file) => [file, readFileSync(file, 'utf8')]));
    this.watched.set(folder, { files, contents });
  }

  /** Files that appeared in a watched folder since `watch` (relative to the root), e.g. a new migration. */
  newIn(folder: string): string[] {
    const before = this.watched.get(folder)?.files ?? new Set<string>();
    return listFiles(this.absolute(folder))
      .filter((file) => !before.has(file))
      .map((file) => relative(this.root, file));
  }

  get created(): string[] {
    return [...this.changes]
      .filter(([, change]) => change.before === undefined && change.after !== undefined)
      .map(([path]) => path);
  }

  /** Every file `create` wrote in this run, new or rewritten (what a generator records as its own). */
  get written(): string[] {
    return [...this.rendered];
  }

  get changed(): string[] {
    return [...this.changes]
      .filter(
        ([, change]) =>
          change.before !== undefined && change.after !== undefined && change.before !== change.after,
      )
      .map(([path]) => path);
  }

  get deleted(): string[] {
    return [...this.changes].filter(([, change]) => change.after === undefined).map(([path]) => path);
  }

  /** Formats every pending TypeScript, GraphQL and JSON file (or only `paths`) with the project's Prettier settings. */
  async format(paths?: string[]): Promise<void> {
    for (const [path, change] of this.changes) {
      if (paths?.includes(path) === false) continue;
      if (change.after === undefined || !/\.(ts|graphql|json)$/.test(path)) continue;
      const absolute = this.absolute(path);
      const options = await resolveConfig(absolute);
      change.after = await format(change.after, { ...options, filepath: absolute });
    }
  }

  commit(): void {
    try {
      for (const [path, change] of this.changes) {
        const absolute = this.absolute(path);
        if (change.after === undefined) {
          rmSync(absolute, { force: true });
          removeEmptyFolders(dirname(absolute), this.root);
          continue;
        }
        mkdirSync(dirname(absolute), { recursive: true });
        writeFileSync(absolute, change.after);
      }
    } catch (error) {
      this.rollback();
      throw error;
    }
  }

  rollback(): void {
    for (const [path, change] of this.changes) {
      const absolute = this.absolute(path);
      if (change.before === undefined) rmSync(absolute, { force: true });
      else {
        mkdirSync(dirname(absolute), { recursive: true });
        writeFileSync(absolute, change.before);
      }
    }
    for (const path of this.created) removeEmptyFolders(dirname(this.absolute(path)), this.root);
    for (const [folder, { files, contents }] of this.watched) {
      for (const file of listFiles(this.absolute(folder))) {
        if (!files.has(file)) rmSync(file, { force: true });
      }
      for (const [file, content] of contents) writeFileSync(file, content);
    }
    for (const [path, content] of this.tracked) writeFileSync(this.absolute(path), content);
  }

  summary(): string {
    const lines = [
      ...this.created.map((path) => `  create ${path}`),
      ...this.changed.map((path) => `  update ${path}`),
      ...this.deleted.map((path) => `  delete ${path}`),
      ...this.followUps.map((description) => `  then   ${description}`),
    ];
    return lines.join('\n');
  }
}

/** Every file under `folder`, at any depth (none when it does not exist), as absolute paths. */
export function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function removeEmptyFolders(folder: string, root: string): void {
  while (relative(root, folder) !== '' && existsSync(folder) && readdirSync(folder).length === 0) {
    rmSync(folder, { recursive: true });
    folder = dirname(folder);
  }
}
