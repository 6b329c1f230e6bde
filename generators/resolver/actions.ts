import { join, relative } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration, runNodeScript } from '../utils/generate';
import type { FeatureDescription } from '../utils/manifest';
import { type Render, renderTemplates } from '../utils/render';
import { type Registration, register } from '../utils/wiring';
import type { ResolverOptions } from './normalize';

export function buildResolver(
  render: Render,
  changes: FileChanges,
  options: ResolverOptions,
): FeatureDescription {
  const data = { ...options };
  renderTemplates(render, changes, 'resolver/common', data);
  renderTemplates(render, changes, `resolver/${options.style}`, data);

  const { file, features, apiModule } = APP_LAYOUT.endpoints[options.style];
  const moduleFile = `src/${options.kebabNames}/${options.kebabNames}${apiModule.file}`;
  const moduleClass = `${options.Names}${apiModule.className}`;
  const registration: Registration = {
    file,
    list: features,
    element: moduleClass,
    import: { name: moduleClass, from: relativeImport(file, moduleFile) },
  };
  changes.update(file, (text) => register(text, registration));
  changes.plan(`${APP_LAYOUT.migrations}/<next>_create_${options.snakeNames}.sql (drizzle-kit generate)`);
  changes.plan(
    options.style === 'code-first'
      ? `${APP_LAYOUT.endpoints['code-first'].artefact} (npm run graphql:schema)`
      : `${APP_LAYOUT.endpoints['schema-first'].artefact} (npm run graphql:typings)`,
  );
  return {
    name: options.Name,
    generator: 'resolver',
    options: { style: options.style },
    table: options.snakeNames,
    registrations: [registration],
    references: [],
  };
}

export async function finishResolver(
  root: string,
  changes: FileChanges,
  options: ResolverOptions,
): Promise<void> {
  // The committed schema artefact of the endpoint follows the code: regenerate it as its npm script does,
  // beside the migration (the two steps are independent).
  const { artefact, regenerate } = APP_LAYOUT.endpoints[options.style];
  changes.track(artefact);
  await Promise.all([
    generateMigration(root, changes, `create_${options.snakeNames}`),
    runNodeScript(root, [...regenerate]),
  ]);
}

function relativeImport(fromFile: string, toFile: string): string {
  const path = relative(join(fromFile, '..'), toFile);
  return path.startsWith('.') ? path : `./${path}`;
}
