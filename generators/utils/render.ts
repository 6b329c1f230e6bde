import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { NodePlopAPI } from 'plop';
import type { FileChanges } from './file-changes';

export const TEMPLATES = join(__dirname, '..', '..', 'templates');

/** Handlebars with plop's helpers (`plop.renderString`), or plain Handlebars in unit tests. */
export type Render = (template: string, data: Record<string, unknown>) => string;

export const plopRender =
  (plop: NodePlopAPI): Render =>
  (template, data) =>
    plop.renderString(template, data);

/**
 * Renders every `.hbs` file under `templates/<folder>` into the pending changes. Template paths mirror
 * the app's paths 1:1, with `__key__` standing for a name form (`src/__kebabNames__/…`).
 */
export function renderTemplates(
  render: Render,
  changes: FileChanges,
  folder: string,
  data: Record<string, unknown>,
  only: (path: string) => boolean = () => true,
): void {
  const base = join(TEMPLATES, folder);
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.hbs')) continue;
    const source = join(entry.parentPath, entry.name);
    const target = relative(base, source)
      .replace(/\.hbs$/, '')
      .replace(/__(\w+)__/g, (_match, key: string) => String(data[key]));
    if (!only(target)) continue;
    changes.create(target, render(readFileSync(source, 'utf8'), data));
  }
}

/** Renders one template (`templates/<template>`) to a path the caller chooses, e.g. one file per enum. */
export function renderTemplate(
  render: Render,
  changes: FileChanges,
  template: string,
  target: string,
  data: Record<string, unknown>,
): void {
  changes.create(target, render(readFileSync(join(TEMPLATES, template), 'utf8'), data));
}
