/** The import lines of one generated file, collected while its code is built, written sorted. */
export class Imports {
  private readonly modules = new Map<string, Map<string, boolean>>();

  /** `typeOnly`: the names are only used as types (`import type`, or `type X` beside values). */
  add(from: string, names: string[], typeOnly = false): this {
    const module = this.modules.get(from) ?? new Map<string, boolean>();
    for (const name of names) module.set(name, typeOnly && (module.get(name) ?? true));
    this.modules.set(from, module);
    return this;
  }

  /** Packages first, then the project's files, each alphabetical, as the app's own files are. */
  toString(): string {
    const rank = (from: string) => (from.startsWith('.') ? 1 : 0);
    return [...this.modules]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([from, names]) => {
        const entries = [...names].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()));
        const allTypes = entries.every(([, typeOnly]) => typeOnly);
        const list = entries
          .map(([name, typeOnly]) => (typeOnly && !allTypes ? `type ${name}` : name))
          .join(', ');
        return `import ${allTypes ? 'type ' : ''}{ ${list} } from '${from}';`;
      })
      .join('\n');
  }
}
