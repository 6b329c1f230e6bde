import type { FileChanges } from '../utils/file-changes';
import { generateMigration } from '../utils/generate';
import { type Render, renderTemplates } from '../utils/render';
import { addExportAll, addToModule } from '../utils/wiring';
import type { ControllerOptions } from './normalize';

export function buildController(render: Render, changes: FileChanges, options: ControllerOptions): void {
  renderTemplates(render, changes, 'controller', { ...options });
  changes.update('src/database/schema.ts', (text) =>
    addExportAll('src/database/schema.ts', text, `../${options.kebabNames}/${options.kebabNames}.table`),
  );
  changes.update('src/app.module.ts', (text) =>
    addToModule('src/app.module.ts', text, 'imports', `${options.Names}Module`, [
      { name: `${options.Names}Module`, from: `./${options.kebabNames}/${options.kebabNames}.module` },
    ]),
  );
  changes.plan(`drizzle/<next>_create_${options.snakeNames}.sql (drizzle-kit generate)`);
}

export function migrateController(
  root: string,
  changes: FileChanges,
  options: ControllerOptions,
): Promise<void> {
  return generateMigration(root, changes, `create_${options.snakeNames}`);
}
