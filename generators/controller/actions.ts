import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration } from '../utils/generate';
import { type Render, renderTemplates } from '../utils/render';
import { addToModule } from '../utils/wiring';
import type { ControllerOptions } from './normalize';

export function buildController(render: Render, changes: FileChanges, options: ControllerOptions): void {
  renderTemplates(render, changes, 'controller', { ...options });
  const { file } = APP_LAYOUT.rootModule;
  changes.update(file, (text) =>
    addToModule(file, text, 'imports', `${options.Names}Module`, [
      { name: `${options.Names}Module`, from: `./${options.kebabNames}/${options.kebabNames}.module` },
    ]),
  );
  changes.plan(`${APP_LAYOUT.migrations}/<next>_create_${options.snakeNames}.sql (drizzle-kit generate)`);
}

export function migrateController(
  root: string,
  changes: FileChanges,
  options: ControllerOptions,
): Promise<void> {
  return generateMigration(root, changes, `create_${options.snakeNames}`);
}
