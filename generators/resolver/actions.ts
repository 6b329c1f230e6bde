import { join, relative } from 'node:path';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration, runNodeScript } from '../utils/generate';
import { type Render, renderTemplates } from '../utils/render';
import { addExportAll, addToArrayConstant } from '../utils/wiring';
import { ENDPOINTS, type ResolverOptions } from './normalize';

const SCHEMA_FIRST_TYPINGS = 'src/schema-first/graphql.generated.ts';
const SCHEMA_FIRST_TYPINGS_SCRIPT = 'src/schema-first/generate-typings.ts';

export function buildResolver(render: Render, changes: FileChanges, options: ResolverOptions): void {
  const data = { ...options };
  renderTemplates(render, changes, 'resolver/common', data);
  renderTemplates(render, changes, `resolver/${options.style}`, data);

  const { module, features } = ENDPOINTS[options.style];
  const moduleFile = `src/${options.kebabNames}/${options.kebabNames}.module`;
  changes.update(module, (text) =>
    addToArrayConstant(module, text, features, `${options.Names}Module`, [
      { name: `${options.Names}Module`, from: relativeImport(module, moduleFile) },
    ]),
  );
  changes.update('src/database/schema.ts', (text) =>
    addExportAll('src/database/schema.ts', text, `../${options.kebabNames}/${options.kebabNames}.table`),
  );
  changes.plan(`drizzle/<next>_create_${options.snakeNames}.sql (drizzle-kit generate)`);
  changes.plan(
    options.style === 'code-first'
      ? 'src/schema.gql (npm run graphql:schema)'
      : `${SCHEMA_FIRST_TYPINGS} (npm run graphql:typings)`,
  );
}

export async function finishResolver(
  root: string,
  changes: FileChanges,
  options: ResolverOptions,
): Promise<void> {
  // The committed schema artefact of the endpoint follows the code: regenerate it as its npm script does,
  // beside the migration (the two steps are independent).
  const artefact = options.style === 'code-first' ? 'src/schema.gql' : SCHEMA_FIRST_TYPINGS;
  changes.track(artefact);
  const regenerate =
    options.style === 'code-first'
      ? ['-r', './scripts/register-swc.cjs', 'scripts/write-graphql-schema.ts']
      : [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), SCHEMA_FIRST_TYPINGS_SCRIPT];
  await Promise.all([
    generateMigration(root, changes, `create_${options.snakeNames}`),
    runNodeScript(root, regenerate),
  ]);
}

function relativeImport(fromFile: string, toFile: string): string {
  const path = relative(join(fromFile, '..'), toFile);
  return path.startsWith('.') ? path : `./${path}`;
}
