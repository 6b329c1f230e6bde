import { APP_LAYOUT, GRAPHQL_STYLES, type GraphqlStyle } from '../app-layout';
import { type Field, FieldSpecError, parseFields } from '../utils/fields';
import { namesOf, type Names } from '../utils/names';
import { type Answers, GeneratorInputError } from '../utils/options';
import { databaseNameProblem } from './database-names';
import { addTableImports, codeFileImports, type FeatureShape, fieldFileImports } from './feature-imports';
import { type FieldCode, fieldCode, type FileImports } from './field-code';
import { featureGraphqlNames, graphqlNameProblem } from './graphql-names';
import { type ListOptions, listOptionsOf } from './list-options';
import { type ManyRelation, manyRelationsOf } from './many-relations';
import { featureOpenapiNames, openapiNameProblem } from './openapi-names';
import { featuresThatCannotBeParents, findParentTypes, type ParentType, usableBy } from './parents';
import { referencePrivacyProblem, type Relation, relationsOf, uniqueParents } from './relations';

export const RESOURCE_APIS = ['graphql', 'rest', 'both'] as const;
export type ResourceApi = (typeof RESOURCE_APIS)[number];
export { GRAPHQL_STYLES };

/** Without `--fields`, a feature has the one field of earlier versions. */
export const DEFAULT_FIELDS = 'name:string{100}';
const TIMESTAMPS = ['createdAt', 'updatedAt'];
/** What an owned feature has already: the owner's key, and the list's `mine` filter. */
export const OWNED_NAMES = ['ownerId', 'mine'];

/** Everything the templates read, computed once: names, the APIs, each field as code, the imports per file. */
export interface ResourceOptions extends Names, ListOptions {
  api: ResourceApi;
  style: GraphqlStyle;
  graphql: boolean;
  rest: boolean;
  /** Which endpoint the GraphQL API is on (both false for REST only). */
  codeFirst: boolean;
  schemaFirst: boolean;
  /** Writes need no token either. */
  isPublic: boolean;
  /** `--owned`: an owner from the token; only they or an admin may change the record. */
  owned: boolean;
  /** `--private` (owned too): only the owner or an admin may read a record; lists hold one's own. */
  isPrivate: boolean;
  /** GraphQL `owner: User`, through the users' loader. */
  ownerField: boolean;
  /** The resolvers take services besides the feature's own (parents', the users'). */
  injectsOthers: boolean;
  /** Its GraphQL test counts the statements of a page with its relations or owners (batched by the loaders). */
  countsStatements: boolean;
  /** References of an owned feature to owned parents, which need the parent's owner (or an admin), and those parents. */
  ownedParentRelations: Relation[];
  ownedParents: ParentType[];
  timestamps: boolean;
  endpoint: string;
  fields: FieldCode[];
  enums: NonNullable<FieldCode['enum']>[];
  /** Fields with `:index` (a unique field has its own index already). */
  indexed: FieldCode[];
  tableIndexes: boolean;
  imports: Record<
    keyof FileImports | 'resolver' | 'apiModule' | 'fixture' | 'schemaFirstResolver' | 'schemaFirstModule',
    string
  >;
  /** The raw spec, as given (recorded in the manifest). */
  fieldSpec: string;
  /** Values just past a field's `:min` / `:max` (code), with the message that refuses each (code). */
  outOfBounds: Array<{ name: string; value: string; message: string }>;
  /** The fields the e2e test picks for its cases (undefined: no such field, no such case). */
  firstField: string;
  requiredField?: string;
  nullableField?: string;
  uniqueField?: string;
  nullableFields: boolean;
  /** `author:references` fields: the key (`authorId`), the object field (`author`), the parent's names. */
  relations: Relation[];
  /** The parents' features, whose data modules the API module imports (for their loaders). */
  parentModules: ParentType[];
  /** `tags:many{Tag}` fields: a join table each, `tagIds` in inputs and REST answers, `tags` and `Tag.<things>`. */
  manyRelations: ManyRelation[];
  /** The parents of the many fields, once each (the repository reads their tables, the service maps their rows). */
  manyParents: ParentType[];
  /** `tagIds, labelIds`: the many fields' keys, as the service destructures them. */
  manyKeys: string;
  /** The owned parents of an owned feature's many fields: each id of their sets must be the actor's (or any, for an admin). */
  ownedManyParents: ParentType[];
  /** Some reference or many field of an owned feature points at an owned parent (403 for another user's). */
  refersToOwnedParents: boolean;
  /** The parents whose tables the repository reads: owned parents' (for their owners) and many fields'. */
  repositoryParents: Array<ParentType & { importsRow: boolean }>;
  repositoryDrizzleImports: string;
  apiList: string;
}

/**
 * `root`: the project, whose features a `references` field may point at, and whose names the feature's must not
 * take (unless `checkNames` is false: `field` checks only the names a rewrite adds, featureNameProblem).
 */
export function normalizeResourceOptions(
  answers: Answers,
  root?: string,
  { checkNames = true } = {},
): ResourceOptions {
  const shape = featureShapeOf(answers);
  const { names, graphql, rest, codeFirst, schemaFirst, owned, isPrivate, timestamps } = shape;
  const style = (answers.style || 'code-first') as GraphqlStyle;
  const fieldSpec = String(answers.fields || DEFAULT_FIELDS);
  // A GraphQL child needs its parent's object type for `<field>: <Parent>` and the has-many side.
  const appParents = root ? findParentTypes(root) : [];
  const parents = usableBy(appParents, graphql ? style : undefined);
  const parsed: Field[] = parseFields(fieldSpec, {
    knownTypes: parents.map((parent) => parent.Name),
    typesOf: graphql ? `the ${style} endpoint` : undefined,
    notParents: root ? featuresThatCannotBeParents(root, appParents) : [],
    reservedNames: ['id', ...(timestamps ? TIMESTAMPS : []), ...(owned ? OWNED_NAMES : [])],
    self: names.Name,
  });
  const columns = parsed.filter((field) => field.type !== 'many');
  if (columns.length === 0) {
    throw new FieldSpecError(
      `${names.Name} needs a field of its own besides its many fields (e.g. name:string{100})`,
    );
  }

  const imports = fieldFileImports(shape);
  const apis = { graphql: codeFirst, rest };
  const fields = columns.map((field) => fieldCode(field, names.Name, apis, imports, parents));
  const manyRelations = manyRelationsOf(names, parsed, parents, { apis, owned, schemaFirst }, imports);
  const relations = relationsOf(names, fields, { owned, codeFirst, schemaFirst });
  const privacyProblem = referencePrivacyProblem(isPrivate, [...relations, ...manyRelations]);
  if (privacyProblem) throw new FieldSpecError(privacyProblem);
  const related = {
    relations,
    manyRelations,
    parentModules: uniqueParents(relations),
    manyParents: uniqueParents(manyRelations),
  };
  addTableImports(imports, shape, { fields, manyParents: related.manyParents });
  const list = listOptionsOf(names, fields, manyRelations, { owned, rest, timestamps });
  const indexed = fields.filter((field) => field.index);

  const options: ResourceOptions = {
    ...names,
    ...list,
    ...related,
    api: (answers.api || 'graphql') as ResourceApi,
    style,
    graphql,
    rest,
    codeFirst,
    schemaFirst,
    isPublic: answers.public === true,
    owned,
    isPrivate,
    ownerField: owned && graphql,
    injectsOthers: relations.length > 0 || (owned && graphql),
    countsStatements: graphql && (relations.length > 0 || manyRelations.length > 0 || owned),
    ownedParentRelations: relations.filter((relation) => relation.ownedParent),
    ownedParents: uniqueParents(relations.filter((relation) => relation.ownedParent)),
    timestamps,
    endpoint: APP_LAYOUT.endpoints[style].path,
    fields,
    enums: fields.flatMap((field) => (field.enum ? [field.enum] : [])),
    indexed,
    tableIndexes: indexed.length > 0 || owned,
    imports: {
      table: String(imports.table),
      model: String(imports.model),
      create: String(imports.create),
      update: String(imports.update),
      ...codeFileImports(shape, related),
    },
    fieldSpec,
    outOfBounds: fields.flatMap((field) =>
      field.outOfBounds.map((bound) => ({ name: field.name, ...bound })),
    ),
    firstField: fields[0].name,
    requiredField: fields.find((field) => !field.optionalOnCreate)?.name,
    nullableField: fields.find((field) => field.type.endsWith('| null'))?.name,
    uniqueField: parsed.find((field) => field.unique)?.name,
    nullableFields: parsed.some((field) => field.nullable),
    ...manyOptionsOf(related, graphql),
    repositoryDrizzleImports: repositoryDrizzleImportsOf(related, { graphql, timestamps, list }),
    apiList: [
      ...(graphql ? [`GraphQL on ${APP_LAYOUT.endpoints[style].path}`] : []),
      ...(rest ? [`REST on /${names.kebabNames}`] : []),
    ].join(' and '),
  };
  if (root && checkNames) {
    const problem = featureNameProblem(root, options);
    if (problem) throw new GeneratorInputError(problem);
  }
  return options;
}

/** The feature's names, APIs and flags, from the answers; `--owned` (or `--private`) refuses `--public`. */
function featureShapeOf(answers: Answers): FeatureShape {
  const api = (answers.api || 'graphql') as ResourceApi;
  const graphql = api !== 'rest';
  const style = (answers.style || 'code-first') as GraphqlStyle;
  const isPrivate = answers.private === true;
  const owned = answers.owned === true || isPrivate;
  if (owned && answers.public === true) {
    throw new GeneratorInputError(
      `--${isPrivate ? 'private' : 'owned'} needs a token to know who creates a record: leave out --public`,
    );
  }
  return {
    names: namesOf(String(answers.name)),
    graphql,
    rest: api !== 'graphql',
    codeFirst: graphql && style === 'code-first',
    schemaFirst: graphql && style === 'schema-first',
    owned,
    isPrivate,
    timestamps: answers['no-timestamps'] !== true,
  };
}

/** What the service and repository templates read of the many fields, beside the references' owned parents. */
function manyOptionsOf(
  {
    relations,
    manyRelations,
    manyParents,
  }: { relations: Relation[]; manyRelations: ManyRelation[]; manyParents: ParentType[] },
  graphql: boolean,
) {
  return {
    manyKeys: manyRelations.map((many) => many.key).join(', '),
    ownedManyParents: uniqueParents(manyRelations.filter((many) => many.ownedParent)),
    refersToOwnedParents: [...relations, ...manyRelations].some((relation) => relation.ownedParent),
    repositoryParents: uniqueParents([
      ...relations.filter((relation) => relation.ownedParent),
      ...manyRelations,
    ]).map((parent) => ({ ...parent, importsRow: graphql && manyParents.includes(parent) })),
  };
}

/** The repository's imports from drizzle-orm: what its filters, batch reads, sets and timestamps use. */
function repositoryDrizzleImportsOf(
  { relations, manyRelations }: { relations: Relation[]; manyRelations: ManyRelation[] },
  { graphql, timestamps, list }: { graphql: boolean; timestamps: boolean; list: ListOptions },
): string {
  const relatesOnGraphql = graphql && (relations.length > 0 || manyRelations.length > 0);
  const sets = manyRelations.length > 0;
  return [
    ...(list.hasFilter ? ['and'] : []),
    'eq',
    // A page's rows carry their cursor's value beside the table's columns.
    'getTableColumns',
    // The batch reads behind GraphQL's DataLoaders: by ids, and each parent's first children.
    ...(graphql || sets ? ['inArray'] : []),
    ...((graphql && relations.length > 0) || sets ? ['asc'] : []),
    ...(relatesOnGraphql ? ['lte'] : []),
    ...((graphql && relations.length > 0) || sets || timestamps ? ['sql'] : []),
  ]
    .sort()
    .join(', ');
}

/**
 * Why the feature's table, enum types, GraphQL and OpenAPI names cannot join the app, or undefined. `current`: the
 * feature as it is now (a `field` run rewrites it), whose own names are no clash.
 */
export function featureNameProblem(
  root: string,
  options: ResourceOptions,
  current?: ResourceOptions,
): string | undefined {
  const databaseNames = (feature: ResourceOptions) => [
    feature.snakeNames,
    ...feature.enums.map((enumType) => enumType.dbName),
    ...feature.manyRelations.map((many) => many.join.table),
  ];
  /** The names of `options` that `current` does not have already. */
  const added = (namesOf: (feature: ResourceOptions) => string[]) => {
    const own = new Set(current ? namesOf(current) : []);
    return namesOf(options).filter((name) => !own.has(name));
  };
  const problem =
    databaseNameProblem(root, added(databaseNames)) ??
    (options.graphql
      ? graphqlNameProblem(
          root,
          options.style,
          featureGraphqlNames(options),
          current && featureGraphqlNames(current),
        )
      : undefined) ??
    (options.rest ? openapiNameProblem(root, added(featureOpenapiNames)) : undefined);
  return problem && `${options.Name}: ${problem}. Choose another name.`;
}
