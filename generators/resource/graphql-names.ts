import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type DefinitionNode, Kind, parse } from 'graphql';
import { APP_LAYOUT, type GraphqlStyle } from '../app-layout';
import { listFiles } from '../utils/file-changes';

/** What a feature adds to its endpoint's schema; the templates of both styles write exactly these. */
export interface FeatureGraphqlNames {
  types: string[];
  /** `Query.books`, `Mutation.createBook`, and the has-many side on each parent (`Author.books`). */
  fields: string[];
  /** The reference each has-many field is for (`Writer.novelsAsTranslator` → `translator`), to name it in a refusal. */
  references?: Record<string, string>;
}

export function featureGraphqlNames(feature: {
  Name: string;
  name: string;
  names: string;
  hasFilter: boolean;
  enums: Array<{ name: string }>;
  relations: Array<{ parent: { Name: string }; field?: string; hasMany?: { name: string } }>;
}): FeatureGraphqlNames {
  const { Name, name, names } = feature;
  const hasMany = feature.relations.map(({ parent, field, hasMany: side }) => ({
    name: `${parent.Name}.${side?.name ?? names}`,
    field,
  }));
  return {
    types: [
      Name,
      `${Name}Edge`,
      `Paginated${Name}`,
      ...(feature.hasFilter ? [`${Name}Filter`] : []),
      `${Name}OrderField`,
      `${Name}Order`,
      `Create${Name}Input`,
      `Update${Name}Input`,
      ...feature.enums.map((enumType) => enumType.name),
    ],
    fields: [
      `Query.${name}`,
      `Query.${names}`,
      `Mutation.create${Name}`,
      `Mutation.update${Name}`,
      `Mutation.delete${Name}`,
      ...hasMany.map((side) => side.name),
    ],
    references: Object.fromEntries(
      hasMany.flatMap((side) => (side.field === undefined ? [] : [[side.name, side.field]])),
    ),
  };
}

// GraphQL's own scalars, which no SDL file declares.
const BUILT_IN_TYPES = ['Int', 'Float', 'String', 'Boolean', 'ID'];

/** The type names and `Type.field`s of an endpoint's schema as the app has it now, each with the file saying so. */
function schemaOf(root: string, style: GraphqlStyle): Map<string, string> {
  const files =
    style === 'code-first'
      ? [join(root, APP_LAYOUT.endpoints['code-first'].artefact)]
      : listFiles(join(root, 'src')).filter((file) => file.endsWith('.graphql'));
  const names = new Map(BUILT_IN_TYPES.map((type) => [type, 'GraphQL']));
  for (const file of files) {
    const where = relative(root, file);
    for (const definition of parse(readFileSync(file, 'utf8')).definitions) {
      for (const name of namesDefinedBy(definition)) if (!names.has(name)) names.set(name, where);
    }
  }
  return names;
}

function namesDefinedBy(definition: DefinitionNode): string[] {
  if (!('name' in definition) || !definition.name) return [];
  const type = definition.name.value;
  const fields = 'fields' in definition && definition.fields ? definition.fields : [];
  const values = 'values' in definition && definition.values ? definition.values : [];
  const isExtension =
    definition.kind === Kind.OBJECT_TYPE_EXTENSION || definition.kind === Kind.INPUT_OBJECT_TYPE_EXTENSION;
  return [
    ...(isExtension || definition.kind === Kind.DIRECTIVE_DEFINITION ? [] : [type]),
    ...[...fields, ...values].map((member) => `${type}.${member.name.value}`),
  ];
}

/**
 * Why the feature's GraphQL names cannot join its endpoint's schema, or undefined: a type or field the schema has
 * already (a feature `DateTime`, `Me`, or a child whose has-many field the parent has), or one the feature would
 * declare twice (a field `orderField`, whose enum `<Thing>OrderField` is the feature's order type). `current`: the
 * names of the feature as it is, when `field` rewrites it.
 */
export function graphqlNameProblem(
  root: string,
  style: GraphqlStyle,
  feature: FeatureGraphqlNames,
  current?: FeatureGraphqlNames,
): string | undefined {
  const own = [...feature.types, ...feature.fields];
  const twice = own.find((name, index) => own.indexOf(name) !== index);
  if (twice)
    return `the feature would declare the GraphQL type ${twice} twice (an enum field's type is <Thing><Field>)`;
  const schema = schemaOf(root, style);
  // What the feature declares already (`current`, when `field` rewrites it) is in the schema as its own.
  const already = new Set(current ? [...current.types, ...current.fields] : []);
  const taken = own.find((name) => schema.has(name) && !already.has(name));
  if (!taken) return undefined;
  const what = taken.includes('.') ? 'field' : 'type';
  const clash = `the schema at ${APP_LAYOUT.endpoints[style].path} has the ${what} ${taken} already (${schema.get(taken)})`;
  const reference = feature.references?.[taken];
  // A has-many field is named after its reference: renaming the reference renames it.
  return reference === undefined
    ? clash
    : `field "${reference}": its parent's has-many field would be ${taken}, but ${clash}; name the reference otherwise`;
}
