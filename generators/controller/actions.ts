import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration } from '../utils/generate';
import type { FeatureDescription } from '../utils/manifest';
import { type Render, renderTemplates } from '../utils/render';
import { type Registration, register } from '../utils/wiring';
import type { ControllerOptions } from './normalize';

export function buildController(
  render: Render,
  changes: FileChanges,
  options: ControllerOptions,
): FeatureDescription {
  renderTemplates(render, changes, 'controller', { ...options });
  const { file } = APP_LAYOUT.rootModule;
  const registration: Registration = {
    file,
    list: 'imports',
    element: `${options.Names}Module`,
    import: { name: `${options.Names}Module`, from: `./${options.kebabNames}/${options.kebabNames}.module` },
  };
  changes.update(file, (text) => register(text, registration));
  changes.plan(`${APP_LAYOUT.migrations}/<next>_create_${options.snakeNames}.sql (drizzle-kit generate)`);
  return {
    name: options.Name,
    generator: 'controller',
    options: { public: options.isPublic },
    table: options.snakeNames,
    registrations: [registration],
    references: [],
  };
}

export function migrateController(
  root: string,
  changes: FileChanges,
  options: ControllerOptions,
): Promise<void> {
  return generateMigration(root, changes, `create_${options.snakeNames}`);
}
