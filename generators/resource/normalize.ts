import { APP_LAYOUT, GRAPHQL_STYLES, type GraphqlStyle } from '../app-layout';
import { type Field, FieldSpecError, LIST_QUERY_NAMES, type OnDelete, parseFields } from '../utils/fields';
import { namesOf, type Names, snakeCase } from '../utils/names';
import { type Answers, GeneratorInputError } from '../utils/options';
import { databaseNameProblem } from './database-names';
import { APP_FILTER_RULES, type FieldCode, fieldCode, type FileImports } from './field-code';
import { featureGraphqlNames, graphqlNameProblem } from './graphql-names';
import { featureOpenapiNames, openapiNameProblem } from './openapi-names';
import { Imports } from './imports';
import {
  featuresThatCannotBeParents,
  findParentTypes,
  hasManyOf,
  type HasManyNames,
  type ParentType,
  usableBy,
} from './parents';

/** The rules the filters use, class-validator's (IsEnum is always imported, for the order) or the app's. */
const filterRules = (filters: FieldCode[], own: boolean) => [
  ...new Set(
    filters
      .flatMap((field) => field.filterRules.map((rule) => rule.replace(/\(.*$/, '')))
      .filter((rule) => rule !== 'IsEnum' && APP_FILTER_RULES.has(rule) === own),
  ),
];

export const RESOURCE_APIS = ['graphql', 'rest', 'both'] as const;
export type ResourceApi = (typeof RESOURCE_APIS)[number];
export { GRAPHQL_STYLES };

/** Without `--fields`, a feature has the one field of earlier versions. */
export const DEFAULT_FIELDS = 'name:string{100}';
const TIMESTAMPS = ['createdAt', 'updatedAt'];
/** What an owned feature has already: the owner's key, and the list's `mine` filter. */
export const OWNED_NAMES = ['ownerId', 'mine'];

/** A sortable field as REST (`createdAt`) and GraphQL (`CREATED_AT`) name it. */
export interface SortField {
  name: string;
  constant: string;
}

const sortFieldOf = (name: string): SortField => ({ name, constant: snakeCase(name).toUpperCase() });

/** Everything the templates read, computed once: names, the APIs, each field as code, the imports per file. */
export interface ResourceOptions extends Names {
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
  ownedParentRelations: ResourceOptions['relations'];
  ownedParents: ParentType[];
  timestamps: boolean;
  endpoint: string;
  fields: FieldCode[];
  enums: NonNullable<FieldCode['enum']>[];
  /** Fields with `:index` (a unique field has its own index already). */
  indexed: FieldCode[];
  tableIndexes: boolean;
  filters: FieldCode[];
  /** The `:search` fields, which the list's `q` looks in (none: the list has no `q`). */
  searchFields: FieldCode[];
  /** What `q` does, for the OpenAPI and GraphQL descriptions. */
  searchDescription: string;
  /** What GraphQL's `<Thing>Filter` holds, its description. */
  filterDescription: string;
  /** The list takes a filter: equality filters, `q`, or both (REST parameters, GraphQL's `<Thing>Filter`). */
  hasFilter: boolean;
  /** The fields a page may be ordered by (`id` first): the REST value, the GraphQL enum name (`CREATED_AT`). */
  sortFields: SortField[];
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
  filterField?: string;
  sortField: SortField;
  /** A field lists cannot be ordered by, and a nullable sortable one (nulls last), for the e2e test's cases. */
  unsortableField?: string;
  nullableSortField?: SortField;
  /** What the e2e test pages through by cursor: the nullable sortable field if any (nulls in the way), else sortField. */
  cursorSortField: SortField;
  nullableFields: boolean;
  pageValidators: string;
  /** What the page arguments import from field-validators.ts (empty: nothing). */
  pageAppValidators: string;
  pageGraphqlImports: string;
  queryValidators: string;
  queryTransforms: boolean;
  /** What the list query imports from field-validators.ts: transforms and rules (empty: nothing). */
  queryAppImports: string;
  /** `author:references` fields: the key (`authorId`), the object field (`author`), the parent's names. */
  relations: Array<{
    key: string;
    field: string;
    /** `Author`, `AuthorIds`: for method names (`loadByAuthor`, `getFirstByAuthorIds`). */
    Field: string;
    Keys: string;
    parent: ParentType;
    nullable: boolean;
    parentPage: boolean;
    /** The parent's field listing the feature's records by this key (`novels`, `novelsAsTranslator`). */
    hasMany: HasManyNames;
    /** `<parent>-<hasMany>`: the has-many resolver's file (`writer-novels-as-translator`) and class names. */
    hasManyFile: string;
    HasManyClass: string;
    /** What deleting the parent does (the e2e test checks it): refused (409), or the records deleted, or unset. */
    onDelete: OnDelete;
    cascade: boolean;
    setNull: boolean;
    /** An owned feature's reference to an owned parent: the actor must own the parent (or be an admin). */
    ownedParent: boolean;
    /** The e2e test can make a parent and delete it on the feature's endpoint (a generated one of that style). */
    parentDeletedOnEndpoint: boolean;
    /** Another reference of the feature to the same parent, whose key (`writerId`) the e2e test reads too. */
    sharesParent: boolean;
    otherKey?: string;
  }>;
  /** The parents' features, whose data modules the API module imports (for their loaders). */
  parentModules: ParentType[];
  repositoryDrizzleImports: string;
  apiList: string;
}

/** Another reference of the feature's `fields` to `parent` than `key`'s (several may point at one parent). */
function otherReferenceTo(parent: ParentType, key: string, fields: readonly FieldCode[]) {
  const other = fields.find((field) => field.name !== key && field.relation?.parent.Name === parent.Name);
  return { sharesParent: other !== undefined, otherKey: other?.name };
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
  const names = namesOf(String(answers.name));
  const api = (answers.api || 'graphql') as ResourceApi;
  const style = (answers.style || 'code-first') as GraphqlStyle;
  const graphql = api !== 'rest';
  const rest = api !== 'graphql';
  const codeFirst = graphql && style === 'code-first';
  const schemaFirst = graphql && style === 'schema-first';
  const timestamps = answers['no-timestamps'] !== true;
  const isPrivate = answers.private === true;
  const owned = answers.owned === true || isPrivate;
  if (owned && answers.public === true) {
    throw new GeneratorInputError(
      `--${isPrivate ? 'private' : 'owned'} needs a token to know who creates a record: leave out --public`,
    );
  }
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

  const imports: FileImports = {
    table: new Imports(),
    model: new Imports(),
    create: new Imports(),
    update: new Imports(),
  };
  imports.table.add('drizzle-orm/pg-core', ['integer', 'pgTable', ...(timestamps ? ['timestamp'] : [])]);
  if (codeFirst) {
    imports.model.add('@nestjs/graphql', ['Field', 'Int', 'ObjectType']);
    // RFC 3339 (an offset required) on input and output alike, unlike Nest's own DateTime.
    if (timestamps) imports.model.add('../../graphql/scalars/date-time.scalar', ['DateTimeScalar']);
    imports.create.add('@nestjs/graphql', ['InputType']);
    imports.update.add('@nestjs/graphql', ['InputType']);
  }
  if (rest) imports.model.add('@nestjs/swagger', ['ApiProperty']);
  imports.model.add(`../${names.kebabNames}.table`, [`${names.Name}Row`], true);
  const fields = parsed.map((field) =>
    fieldCode(field, names.Name, { graphql: codeFirst, rest }, imports, parents),
  );
  const relations = fields.flatMap((field) => {
    if (!field.relation) return [];
    const Field = namesOf(field.relation.field).Name;
    // A page query of the parent on this endpoint: generated parents have one on each, the app's on code-first.
    const parentPage = field.relation.parent.fixture || codeFirst;
    const { parent, onDelete } = field.relation;
    const hasMany = hasManyOf(names, field.relation.field, parent);
    return [
      {
        ...field.relation,
        key: field.name,
        Field,
        Keys: `${Field}Ids`,
        parentPage,
        hasMany,
        hasManyFile: `${parent.kebabName}-${hasMany.kebab}`,
        HasManyClass: `${parent.Name}${hasMany.Name}`,
        // An owned child may hang only under its actor's own parents (any, for an admin).
        ownedParent: owned && parent.owned,
        cascade: onDelete === 'cascade',
        setNull: onDelete === 'set null',
        parentDeletedOnEndpoint: parent.fixture && (schemaFirst ? parent.schemaFirst : parent.graphql),
        ...otherReferenceTo(parent, field.name, fields),
      },
    ];
  });
  const privacyProblem = referencePrivacyProblem(isPrivate, relations);
  if (privacyProblem) throw new FieldSpecError(privacyProblem);
  const enums = fields.flatMap((field) => (field.enum ? [field.enum] : []));
  for (const { name, kebab } of enums) {
    imports.table.add('drizzle-orm/pg-core', ['pgEnum']);
    imports.table.add(`./${kebab}.enum`, [name]);
    if (codeFirst) imports.model.add('@nestjs/graphql', ['registerEnumType']);
    imports.model.add(`../${kebab}.enum`, [name]);
    imports.create.add(`../${kebab}.enum`, [name]);
    imports.update.add(`../${kebab}.enum`, [name]);
  }
  const parentModules = [...new Map(relations.map(({ parent }) => [parent.Name, parent])).values()];
  const resolver = new Imports()
    .add('@nestjs/graphql', ['Args', 'Info', 'Int', 'Mutation', 'Query', 'Resolver'])
    .add('graphql', ['GraphQLResolveInfo'], true)
    .add('../common/pipes/non-empty-body.pipe', ['NonEmptyBodyPipe'])
    .add('../graphql/max-items', ['MaxItems'])
    .add('../common/pagination/pagination.args', ['MAX_LIMIT'])
    .add('../graphql/selected-fields', ['isFieldSelected'])
    .add(`./dto/create-${names.kebabName}.input`, [`Create${names.Name}Input`])
    .add(`./dto/${names.kebabNames}-page.args`, [`${names.Names}PageArgs`])
    .add(`./dto/update-${names.kebabName}.input`, [`Update${names.Name}Input`])
    .add(`./models/${names.kebabName}.model`, [names.Name])
    .add(`./models/paginated-${names.kebabName}.model`, [`Paginated${names.Name}`])
    .add(`./${names.kebabNames}.service`, ['BY_ID', `${names.Names}Service`]);
  const apiModule = new Imports()
    .add('@nestjs/common', ['Module'])
    .add(`./${names.kebabNames}-data.module`, [`${names.Names}DataModule`]);
  if (rest) apiModule.add(`./${names.kebabNames}.controller`, [`${names.Names}Controller`]);
  if (codeFirst) apiModule.add(`./${names.kebabNames}.resolver`, [`${names.Names}Resolver`]);
  if (relations.length > 0) {
    resolver.add('@nestjs/graphql', ['Context', 'Parent', 'ResolveField']);
    resolver.add('../graphql/request-loaders', ['RequestLoaders'], true);
  }
  for (const parent of parentModules) {
    const folder = `../${parent.kebabNames}`;
    resolver.add(`${folder}/models/${parent.kebabName}.model`, [parent.Name]);
    resolver.add(`${folder}/${parent.kebabNames}.service`, [`${parent.Names}Service`]);
    apiModule.add(`${folder}/${parent.kebabNames}-data.module`, [`${parent.Names}DataModule`]);
  }
  for (const { hasManyFile, HasManyClass } of relations) {
    if (codeFirst) apiModule.add(`./${hasManyFile}.resolver`, [`${HasManyClass}Resolver`]);
  }
  const fixture = new Imports()
    .add('@nestjs/common', ['INestApplication'], true)
    .add('class-transformer', ['plainToInstance'])
    .add(`../../src/${names.kebabNames}/dto/create-${names.kebabName}.input`, [`Create${names.Name}Input`])
    .add(`../../src/${names.kebabNames}/${names.kebabNames}.service`, [`${names.Names}Service`]);
  for (const { parent } of relations) {
    if (parent.fixture) fixture.add(`./${parent.kebabNames}`, [`create${parent.Name}`]);
    else {
      fixture.add(`../../src/${parent.kebabNames}/${parent.kebabNames}.table`, [parent.names]);
      fixture.add('../utils/first-id', ['firstIdOf']);
    }
  }
  const schemaFirstResolver = new Imports()
    .add('@nestjs/graphql', ['Args', 'Info', 'Mutation', 'Query', 'Resolver'])
    .add('graphql', ['GraphQLResolveInfo'], true)
    .add('../common/pipes/non-empty-body.pipe', ['NonEmptyBodyPipe'])
    .add('../graphql/paginated.type', ['Edge', 'Page'], true)
    .add('../graphql/paginated.type', ['withEdges'])
    .add('../graphql/selected-fields', ['isFieldSelected'])
    .add(`./dto/create-${names.kebabName}.input`, [`Create${names.Name}Input`])
    .add(`./dto/${names.kebabNames}-page.args`, [`${names.Names}PageArgs`])
    .add(`./dto/update-${names.kebabName}.input`, [`Update${names.Name}Input`])
    .add(`./models/${names.kebabName}.model`, [names.Name], true)
    .add(`./${names.kebabNames}.service`, ['BY_ID', `${names.Names}Service`]);
  const schemaFirstModule = new Imports()
    .add('@nestjs/common', ['Module'])
    .add(`./${names.kebabNames}-data.module`, [`${names.Names}DataModule`])
    .add(`./${names.kebabNames}-schema-first.resolver`, [`${names.Names}SchemaFirstResolver`]);
  if (relations.length > 0) {
    schemaFirstResolver.add('@nestjs/graphql', ['Context', 'Parent', 'ResolveField']);
    schemaFirstResolver.add('../graphql/request-loaders', ['RequestLoaders'], true);
  }
  for (const parent of parentModules) {
    const folder = `../${parent.kebabNames}`;
    schemaFirstResolver.add(`${folder}/models/${parent.kebabName}.model`, [parent.Name], true);
    schemaFirstResolver.add(`${folder}/${parent.kebabNames}.service`, [`${parent.Names}Service`]);
    schemaFirstModule.add(`${folder}/${parent.kebabNames}-data.module`, [`${parent.Names}DataModule`]);
  }
  for (const { hasManyFile, HasManyClass } of relations) {
    schemaFirstModule.add(`./${hasManyFile}-schema-first.resolver`, [`${HasManyClass}SchemaFirstResolver`]);
  }
  const indexed = fields.filter((field) => field.index);
  if (indexed.length > 0 || owned) imports.table.add('drizzle-orm/pg-core', ['index']);
  if (owned) {
    imports.table.add('../users/users.table', ['users']);
    if (rest) imports.model.add('@nestjs/swagger', ['ApiPropertyOptional']);
    fixture.add('../../src/auth/ownership.policy', ['Actor'], true);
    for (const file of [resolver, schemaFirstResolver]) {
      file.add('../auth/decorators/current-user.decorator', ['CurrentUser']);
      file.add('../auth/token-payload', ['TokenPayload'], true);
      if (!isPrivate) file.add('../common/decorators/public.decorator', ['OptionalUser']);
    }
  }
  for (const file of [resolver, schemaFirstResolver])
    file.add('../common/decorators/public.decorator', ['Public']);
  if (owned && graphql)
    addOwnerField({ resolver, schemaFirstResolver, apiModule, schemaFirstModule }, codeFirst);
  const filters = [...fields.filter((field) => field.filterable), ...(owned ? [mineFilter(names.Name)] : [])];
  const searchFields = fields.filter((field) => field.search);
  const hasFilter = filters.length > 0 || searchFields.length > 0;
  const sortable = fields.filter((field) => field.sortable);
  // What the tests order by: not a reference, which is the same for every record they make.
  const testSort = sortable.find((field) => !field.relation)?.name ?? (timestamps ? 'createdAt' : 'id');
  const nullableSortable = sortable.find((field) => field.nullable && !field.relation);
  // On REST a filter is a query parameter beside the paging and order ones (GraphQL nests them in `filter`).
  const taken = rest ? filters.find((field) => LIST_QUERY_NAMES.includes(field.name)) : undefined;
  if (taken) {
    throw new FieldSpecError(
      `field "${taken.name}": it filters GET /${names.kebabNames} as ?${taken.name}=, a parameter of its paging and order (${LIST_QUERY_NAMES.join(', ')}): choose another name`,
    );
  }
  const apiList = [
    ...(graphql ? [`GraphQL on ${APP_LAYOUT.endpoints[style].path}`] : []),
    ...(rest ? [`REST on /${names.kebabNames}`] : []),
  ].join(' and ');
  const options: ResourceOptions = {
    ...names,
    api,
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
    countsStatements: graphql && (relations.length > 0 || owned),
    ownedParentRelations: relations.filter((relation) => relation.ownedParent),
    ownedParents: [
      ...new Map(
        relations.filter((relation) => relation.ownedParent).map(({ parent }) => [parent.Name, parent]),
      ).values(),
    ],
    timestamps,
    endpoint: APP_LAYOUT.endpoints[style].path,
    fields,
    enums,
    filters,
    searchFields,
    searchDescription: searchDescriptionOf(searchFields, names.word),
    filterDescription: filterDescriptionOf(filters.length > 0, searchFields.length > 0, names.word),
    hasFilter,
    indexed,
    tableIndexes: indexed.length > 0 || owned,
    sortFields: ['id', ...sortable.map((field) => field.name), ...(timestamps ? TIMESTAMPS : [])].map(
      sortFieldOf,
    ),
    imports: {
      table: String(imports.table),
      model: String(imports.model),
      create: String(imports.create),
      update: String(imports.update),
      resolver: String(resolver),
      apiModule: String(apiModule),
      fixture: String(fixture),
      schemaFirstResolver: String(schemaFirstResolver),
      schemaFirstModule: String(schemaFirstModule),
    },
    fieldSpec,
    outOfBounds: fields.flatMap((field) =>
      field.outOfBounds.map((bound) => ({ name: field.name, ...bound })),
    ),
    firstField: fields[0].name,
    requiredField: fields.find((field) => !field.optionalOnCreate)?.name,
    nullableField: fields.find((field) => field.type.endsWith('| null'))?.name,
    uniqueField: parsed.find((field) => field.unique)?.name,
    filterField: filters.find((filter) => !filter.virtual)?.name,
    sortField: sortFieldOf(testSort),
    unsortableField: fields.find((field) => !field.sortable)?.name,
    nullableSortField: nullableSortable && sortFieldOf(nullableSortable.name),
    cursorSortField: sortFieldOf(nullableSortable?.name ?? testSort),
    nullableFields: parsed.some((field) => field.nullable),
    pageValidators: [...filterRules(filters, false), 'IsEnum', 'IsOptional', 'ValidateNested']
      .sort()
      .join(', '),
    pageGraphqlImports: [
      'ArgsType',
      'Field',
      'InputType',
      ...(relations.length > 0 ? ['Int'] : []),
      'registerEnumType',
    ]
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
      .join(', '),
    pageAppValidators: filterRules(filters, true).sort().join(', '),
    queryValidators: [...filterRules(filters, false), 'IsEnum', 'IsOptional'].sort().join(', '),
    queryTransforms: filters.some((field) => field.filterTransform),
    queryAppImports: [
      ...new Set(filters.flatMap((field) => (field.filterTransform ? [field.filterTransform] : []))),
      ...filterRules(filters, true),
    ]
      .sort()
      .join(', '),
    relations,
    parentModules,
    repositoryDrizzleImports: [
      ...(hasFilter ? ['and'] : []),
      'eq',
      // A page's rows carry their cursor's value beside the table's columns.
      'getTableColumns',
      // The batch reads behind GraphQL's DataLoaders: by ids, and each parent's first children.
      ...(graphql ? ['inArray'] : []),
      ...(graphql && relations.length > 0 ? ['asc', 'lte'] : []),
      ...((graphql && relations.length > 0) || timestamps ? ['sql'] : []),
    ]
      .sort()
      .join(', '),
    apiList,
  };
  if (root && checkNames) {
    const problem = featureNameProblem(root, options);
    if (problem) throw new GeneratorInputError(problem);
  }
  return options;
}

/** `Text to look for in title or notes, ignoring case (…)`: what `q` does, said alike on both APIs. */
function searchDescriptionOf(searchFields: FieldCode[], word: string): string {
  const names = searchFields.map((field) => field.name);
  const where = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return `Text to look for in ${where}, ignoring case (% and _ are taken literally); empty matches every ${word}.`;
}

/** `Equality filters; a field left out matches every book.`, naming the text search (q) when there is one. */
function filterDescriptionOf(equality: boolean, search: boolean, word: string): string {
  if (!search) return `Equality filters; a field left out matches every ${word}.`;
  if (!equality) return `The text search (q); left out, it matches every ${word}.`;
  return `Equality filters and the text search (q); a field left out matches every ${word}.`;
}

/** `owner: User` of an owned feature's GraphQL type: the users' loader and the viewer's rule in its resolver. */
function addOwnerField(
  files: { resolver: Imports; schemaFirstResolver: Imports; apiModule: Imports; schemaFirstModule: Imports },
  codeFirst: boolean,
): void {
  const [resolver, module] = codeFirst
    ? [files.resolver, files.apiModule]
    : [files.schemaFirstResolver, files.schemaFirstModule];
  resolver.add('@nestjs/graphql', ['Context', 'Parent', 'ResolveField']);
  resolver.add('../graphql/request-loaders', ['RequestLoaders'], true);
  resolver.add('../users/models/user.model', ['toUserFor']);
  resolver.add('../users/models/user.model', ['User'], !codeFirst);
  resolver.add('../users/users.service', ['UsersService']);
  module.add('../users/users-data.module', ['UsersDataModule']);
}

/**
 * A reference would show a private feature's records to people other than their owners: the parent's has-many
 * field lists a private child's records, a child's `<field>` shows a private parent.
 */
function referencePrivacyProblem(
  isPrivate: boolean,
  relations: ReadonlyArray<{ field: string; parent: ParentType }>,
): string | undefined {
  const [first] = relations;
  if (isPrivate && first) {
    return `field "${first.field}": a --private feature takes no references: ${first.parent.Name}'s list of its children would show every owner's records`;
  }
  const toPrivate = relations.find(({ parent }) => parent.isPrivate);
  return (
    toPrivate &&
    `field "${toPrivate.field}": references ${toPrivate.parent.Name}, a --private feature, whose records only their owners may see`
  );
}

/**
 * `mine` of an owned feature's list: a boolean filter whose value is not a column's (the service turns it into the
 * token user's `ownerId`).
 */
function mineFilter(Thing: string): FieldCode {
  const scratch = {
    table: new Imports(),
    model: new Imports(),
    create: new Imports(),
    update: new Imports(),
  };
  const mine: Field = {
    name: 'mine',
    column: 'mine',
    type: 'boolean',
    nullable: true,
    unique: false,
    index: false,
    sort: false,
    search: false,
  };
  return {
    ...fieldCode(mine, Thing, { graphql: false, rest: false }, scratch, []),
    virtual: true,
    filterApi: "{ type: 'boolean', description: 'true: only your own (needs a bearer token).' }",
  };
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
