import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GraphqlStyle } from '../app-layout';
import { kebabCase, namesOf, type Names } from '../utils/names';

/** A feature a `references` field may point at: it follows the app's layout, so its pieces are where we look. */
export interface ParentType extends Names {
  /**
   * It has a code-first object type and a batch loader (`loadByIds`), so a GraphQL child can have
   * `<field>: <Parent>` and the has-many side.
   */
  graphql: boolean;
  /** Its type is in the schema-first schema (`<things>.graphql`) and it has the batch loader. */
  schemaFirst: boolean;
  /** It was generated, so its test fixture can create one (`test/fixtures/<things>.ts`). */
  fixture: boolean;
  /** Its REST controller deletes (`DELETE /<things>/:id`), so a REST child's test can try to delete it. */
  rest: boolean;
  /** Generated `--private`: its records are shown to their owners only, so no reference may show them. */
  isPrivate: boolean;
  /** Its records have an owner (`ownerId`): an owned child may refer only to its actor's own (or any, as an admin). */
  owned: boolean;
}

/**
 * The app's features that can be parents: a folder `src/<things>/` with its table (`<things>.table.ts`, exporting
 * `<things>`), its data module exporting the service, an API type (`models/<thing>.model.ts`) and the service.
 * A GraphQL child also needs a `loadByIds` batch function in it, for the request loaders. The app's Author and
 * Post and generated features qualify; a REST-only one is a parent of REST-only children.
 */
export function findParentTypes(root: string): ParentType[] {
  return featureFolders(root).flatMap(({ names, folder }) => {
    const file = (path: string) => join(folder, path);
    const service = file(`${names.kebabNames}.service.ts`);
    const model = file(`models/${names.kebabName}.model.ts`);
    const table = file(`${names.kebabNames}.table.ts`);
    const complete =
      existsSync(table) &&
      existsSync(file(`${names.kebabNames}-data.module.ts`)) &&
      existsSync(model) &&
      existsSync(service);
    if (!complete) return [];
    const serviceText = readFileSync(service, 'utf8');
    const loads = /\breadonly loadByIds\b/.test(serviceText);
    const controller = file(`${names.kebabNames}.controller.ts`);
    return [
      {
        ...names,
        graphql: loads && /@ObjectType\(/.test(readFileSync(model, 'utf8')),
        schemaFirst: loads && hasSdlType(file(`${names.kebabNames}.graphql`), names.Name),
        fixture: existsSync(join(root, 'test', 'fixtures', `${names.kebabNames}.ts`)),
        rest: existsSync(controller) && /@Delete\(/.test(readFileSync(controller, 'utf8')),
        isPrivate: /\bisPrivate: true\b/.test(serviceText),
        owned: /\bownerId: integer\(/.test(readFileSync(table, 'utf8')),
      },
    ];
  });
}

/** The folders of `src/` named like a feature (`book-reviews` for BookReview), with their names. */
function featureFolders(root: string): Array<{ names: Names; folder: string }> {
  const src = join(root, 'src');
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const names = namesOf(entry.name.replace(/-([a-z])/g, (_match, char: string) => char.toUpperCase()));
      return names.kebabNames === entry.name ? [{ names, folder: join(src, entry.name) }] : [];
    });
}

/**
 * Features of the app that cannot be parents (not laid out as a generated one): `User` for src/users.
 * `parents`: findParentTypes(root), already read.
 */
export function featuresThatCannotBeParents(root: string, parents: readonly ParentType[]): string[] {
  const names = new Set(parents.map((parent) => parent.Name));
  return featureFolders(root)
    .map((folder) => folder.names.Name)
    .filter((name) => !names.has(name));
}

/**
 * The parents a child can refer to: on the code-first endpoint those with an object type, on the schema-first one
 * those in its SDL (the child's `<field>: <Parent>` and the has-many side need them); REST-only (no style), any.
 */
export function parentTypesFor(root: string, style: GraphqlStyle | undefined): ParentType[] {
  return usableBy(findParentTypes(root), style);
}

/** Of the app's parents, those a child of this GraphQL style (none: REST-only) can refer to (parentTypesFor). */
export function usableBy(parents: readonly ParentType[], style: GraphqlStyle | undefined): ParentType[] {
  return parents.filter((parent) =>
    style === 'code-first' ? parent.graphql : style === 'schema-first' ? parent.schemaFirst : true,
  );
}

function hasSdlType(path: string, name: string): boolean {
  return existsSync(path) && new RegExp(`^type ${name}\\b`, 'm').test(readFileSync(path, 'utf8'));
}

/** The field a parent gets for a child's reference, in each case the generated code needs. */
export interface HasManyNames {
  /** `novels`, `novelsAsTranslator` */
  name: string;
  /** `Novels`, `NovelsAsTranslator` (class and method names) */
  Name: string;
  /** `novels`, `novels-as-translator` (file names) */
  kebab: string;
  /** `novels`, `novels as translator` (descriptions) */
  words: string;
}

/**
 * The parent's has-many field for the child's reference `field`: `<things>` when the reference is named after the
 * parent (`author` of Author: `Author.books`), `<things>As<Field>` otherwise (`Writer.novelsAsTranslator`), so
 * that several references to one parent each have their own.
 */
export function hasManyOf(children: Names, field: string, parent: Names): HasManyNames {
  if (field === parent.name) {
    return { name: children.names, Name: children.Names, kebab: children.kebabNames, words: children.words };
  }
  const Field = field.charAt(0).toUpperCase() + field.slice(1);
  const words = `${children.words} as ${kebabCase(field).replace(/-/g, ' ')}`;
  return {
    name: `${children.names}As${Field}`,
    Name: `${children.Names}As${Field}`,
    kebab: `${children.kebabNames}-as-${kebabCase(field)}`,
    words,
  };
}
