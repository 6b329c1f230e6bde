import { join, relative } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from '../utils/file-changes';
import { generateMigration, type Regenerations, settleAll } from '../utils/generate';
import { type Render, renderTemplate, renderTemplates } from '../utils/render';
import type { FeatureDescription } from '../utils/manifest';
import { type Registration, register } from '../utils/wiring';
import type { ResourceOptions } from './normalize';

/** Files that only one API has; the rest serve every API (schema-first has its own, in resource-schema-first/). */
const CODE_FIRST_ONLY = [/\.resolver\.ts$/, /paginated-[^/]+\.model\.ts$/, /-page\.args\.ts$/];
const REST_ONLY = [/\.controller\.ts$/, /\.query\.ts$/];
/** `<things>.module.ts`: the module of the code-first and REST APIs. */
const API_MODULE = /\/[a-z-]+\.module\.ts$/;

/**
 * Renders the whole feature into the pending changes, registers it and describes it for the manifest. `rewrite`:
 * the feature is there already (`field` renders it again with other fields): its registrations stay as they are,
 * and the migration is the caller's.
 */
export function buildResource(
  render: Render,
  changes: FileChanges,
  options: ResourceOptions,
  { rewrite = false } = {},
): FeatureDescription {
  const data = { ...options };
  renderTemplates(render, changes, 'resource', data, (path) => {
    if (!options.codeFirst && CODE_FIRST_ONLY.some((pattern) => pattern.test(path))) return false;
    if (!options.rest && REST_ONLY.some((pattern) => pattern.test(path))) return false;
    if (!options.codeFirst && !options.rest && API_MODULE.test(path) && !path.includes('-data.'))
      return false;
    return true;
  });
  if (options.schemaFirst) renderTemplates(render, changes, 'resource-schema-first', data);
  for (const declared of options.enums) {
    const target = `src/${options.kebabNames}/${declared.kebab}.enum.ts`;
    renderTemplate(render, changes, 'resource-enum/enum.ts.hbs', target, { ...declared });
  }

  if (options.graphql) {
    const suffix = options.schemaFirst ? '-schema-first' : '';
    // A many field's parent lists the records too (`Tag.novels`), by the join table: loadBy<One>({ <one>Id, limit }).
    const manySides = options.manyRelations.map((many) => ({ ...many, key: many.idKey, Field: many.One }));
    for (const relation of [...options.relations, ...manySides]) {
      const target = `src/${options.kebabNames}/${relation.hasManyFile}${suffix}.resolver.ts`;
      const parentModel = `../${relation.parent.kebabNames}/models/${relation.parent.kebabName}.model`;
      renderTemplate(render, changes, `resource-relation/has-many${suffix}.resolver.ts.hbs`, target, {
        ...options,
        ...relation,
        parentModel,
      });
    }
  }

  // A GraphQL feature is listed by its endpoint, which imports it (in code-first, a controller in the same module
  // comes along); a REST API otherwise is imported by the root module.
  const registrations: Registration[] = [];
  const registerModule = (file: string, list: string, className: string, moduleFile: string) => {
    const registration: Registration = {
      file,
      list,
      element: className,
      import: { name: className, from: relativeImport(file, moduleFile) },
    };
    if (!rewrite) changes.update(file, (text) => register(text, registration));
    registrations.push(registration);
  };
  const folder = `src/${options.kebabNames}/${options.kebabNames}`;
  if (options.graphql) {
    const { file, features, apiModule, artefact } = APP_LAYOUT.endpoints[options.style];
    registerModule(file, features, `${options.Names}${apiModule.className}`, `${folder}${apiModule.file}`);
    changes.plan(`${artefact} (npm run ${options.codeFirst ? 'graphql:schema' : 'graphql:typings'})`);
  }
  if (options.rest) changes.plan(`${APP_LAYOUT.openapi.artefact} (${APP_LAYOUT.openapi.command})`);
  if (options.rest && !options.codeFirst) {
    registerModule(APP_LAYOUT.rootModule.file, 'imports', `${options.Names}Module`, `${folder}.module`);
  }
  if (!rewrite) {
    changes.plan(`${APP_LAYOUT.migrations}/<next>_create_${options.snakeNames}.sql (drizzle-kit generate)`);
  }
  return {
    name: options.Name,
    generator: 'resource',
    options: {
      api: options.api,
      ...(options.graphql ? { style: options.style } : {}),
      fields: options.fieldSpec,
      public: options.isPublic,
      owned: options.owned,
      ...(options.isPrivate ? { private: true } : {}),
      timestamps: options.timestamps,
    },
    table: options.snakeNames,
    registrations,
    references: [
      ...new Set([...options.relations, ...options.manyRelations].map(({ parent }) => parent.Name)),
    ],
  };
}

/** The migration, and the endpoint's committed schema, which follows the code (the two are independent). */
export async function finishResource(
  root: string,
  changes: FileChanges,
  options: ResourceOptions,
  regenerations: Regenerations,
): Promise<void> {
  await settleAll([
    generateMigration(root, changes, `create_${options.snakeNames}`),
    ...regenerations.run(changes),
  ]);
}

function relativeImport(fromFile: string, toFile: string): string {
  const path = relative(join(fromFile, '..'), toFile);
  return path.startsWith('.') ? path : `./${path}`;
}
