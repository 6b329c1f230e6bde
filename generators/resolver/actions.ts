import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration } from '../utils/generate';
import { type Render, renderTemplates } from '../utils/render';
import { addExportAll, addToArrayConstant } from '../utils/wiring';
import { ENDPOINTS, type ResolverOptions } from './normalize';

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
      : 'src/schema-first/graphql.generated.ts (npm run graphql:typings)',
  );
}

export function finishResolver(root: string, changes: FileChanges, options: ResolverOptions): void {
  generateMigration(root, changes, `create_${options.snakeNames}`);
  // The committed schema artefacts follow the code: regenerate the one of this endpoint.
  const script = options.style === 'code-first' ? 'graphql:schema' : 'graphql:typings';
  const artefact = options.style === 'code-first' ? 'src/schema.gql' : 'src/schema-first/graphql.generated.ts';
  changes.track(artefact);
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', script], {
    cwd: root,
    stdio: 'pipe',
  });
}

function relativeImport(fromFile: string, toFile: string): string {
  const path = relative(join(fromFile, '..'), toFile);
  return path.startsWith('.') ? path : `./${path}`;
}
