import type { Names } from '../utils/names';
import type { FieldCode, FileImports } from './field-code';
import { Imports } from './imports';
import type { ManyRelation } from './many-relations';
import type { ParentType } from './parents';
import type { Relation } from './relations';

/** What decides a feature's imports beyond its fields': its APIs, owner, timestamps and relations. */
export interface FeatureShape {
  names: Names;
  graphql: boolean;
  rest: boolean;
  codeFirst: boolean;
  schemaFirst: boolean;
  owned: boolean;
  isPrivate: boolean;
  timestamps: boolean;
}

/** The imports of the files that hold fields (table, model, inputs), before the fields add theirs (fieldCode). */
export function fieldFileImports({ names, codeFirst, rest, timestamps }: FeatureShape): FileImports {
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
  return imports;
}

/** What the fields' files import for the feature's enums, indexes, join tables and owner, once fields are mapped. */
export function addTableImports(
  imports: FileImports,
  { codeFirst, rest, owned }: FeatureShape,
  { fields, manyParents }: { fields: readonly FieldCode[]; manyParents: readonly ParentType[] },
): void {
  for (const { name, kebab } of fields.flatMap((field) => (field.enum ? [field.enum] : []))) {
    imports.table.add('drizzle-orm/pg-core', ['pgEnum']);
    imports.table.add(`./${kebab}.enum`, [name]);
    if (codeFirst) imports.model.add('@nestjs/graphql', ['registerEnumType']);
    imports.model.add(`../${kebab}.enum`, [name]);
    imports.create.add(`../${kebab}.enum`, [name]);
    imports.update.add(`../${kebab}.enum`, [name]);
  }
  for (const parent of manyParents) {
    imports.table.add('drizzle-orm/pg-core', ['index', 'primaryKey']);
    imports.table.add(`../${parent.kebabNames}/${parent.kebabNames}.table`, [parent.names]);
  }
  if (fields.some((field) => field.index) || owned) imports.table.add('drizzle-orm/pg-core', ['index']);
  if (owned) {
    imports.table.add('../users/users.table', ['users']);
    if (rest) imports.model.add('@nestjs/swagger', ['ApiPropertyOptional']);
  }
}

/** The relations a feature's GraphQL and test files import for. */
export interface FeatureRelations {
  relations: readonly Relation[];
  manyRelations: readonly ManyRelation[];
  /** The references' parents, once each (their services and data modules). */
  parentModules: readonly ParentType[];
  /** The many fields' parents, once each (their models). */
  manyParents: readonly ParentType[];
}

/** The imports of the files that hold no fields: resolvers, API modules, the test fixture. */
export function codeFileImports(feature: FeatureShape, related: FeatureRelations) {
  const resolver = codeFirstResolverImports(feature, related);
  const schemaFirstResolver = schemaFirstResolverImports(feature, related);
  const { apiModule, schemaFirstModule } = moduleImports(feature, related);
  if (feature.owned && feature.graphql) {
    addOwnerField({ resolver, schemaFirstResolver, apiModule, schemaFirstModule }, feature.codeFirst);
  }
  return {
    resolver: String(resolver),
    apiModule: String(apiModule),
    fixture: String(fixtureImports(feature, related)),
    schemaFirstResolver: String(schemaFirstResolver),
    schemaFirstModule: String(schemaFirstModule),
  };
}

function codeFirstResolverImports(
  { names, owned, isPrivate }: FeatureShape,
  related: FeatureRelations,
): Imports {
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
  addRelationImports(resolver, related, { modelsAsTypes: false });
  if (related.manyRelations.length > 0) resolver.add('../common/validation/field-validators', ['MAX_IDS']);
  addGuardImports(resolver, { owned, isPrivate });
  return resolver;
}

function schemaFirstResolverImports(
  { names, owned, isPrivate }: FeatureShape,
  related: FeatureRelations,
): Imports {
  const resolver = new Imports()
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
  addRelationImports(resolver, related, { modelsAsTypes: true });
  addGuardImports(resolver, { owned, isPrivate });
  return resolver;
}

/**
 * The parents' fields of a resolver (`author`, `tags`): their loaders, models and the references' services. On the
 * schema-first endpoint a model is only a type (the SDL names the GraphQL type).
 */
function addRelationImports(
  resolver: Imports,
  { relations, manyRelations, parentModules, manyParents }: FeatureRelations,
  { modelsAsTypes }: { modelsAsTypes: boolean },
): void {
  if (relations.length > 0 || manyRelations.length > 0) {
    resolver.add('@nestjs/graphql', ['Context', 'Parent', 'ResolveField']);
    resolver.add('../graphql/request-loaders', ['RequestLoaders'], true);
  }
  for (const parent of [...manyParents, ...parentModules]) {
    resolver.add(`../${parent.kebabNames}/models/${parent.kebabName}.model`, [parent.Name], modelsAsTypes);
  }
  for (const parent of parentModules) {
    resolver.add(`../${parent.kebabNames}/${parent.kebabNames}.service`, [`${parent.Names}Service`]);
  }
}

/** Who may call: `@Public()` everywhere; an owned feature's actor, and its `@OptionalUser()` reads unless private. */
function addGuardImports(resolver: Imports, { owned, isPrivate }: Pick<FeatureShape, 'owned' | 'isPrivate'>) {
  if (owned) {
    resolver.add('../auth/decorators/current-user.decorator', ['CurrentUser']);
    resolver.add('../auth/token-payload', ['TokenPayload'], true);
    if (!isPrivate) resolver.add('../common/decorators/public.decorator', ['OptionalUser']);
  }
  resolver.add('../common/decorators/public.decorator', ['Public']);
}

/** The API module (code-first and REST) and the schema-first one: data modules, controllers, resolvers. */
function moduleImports(
  { names, rest, codeFirst }: FeatureShape,
  { relations, manyRelations, parentModules }: FeatureRelations,
) {
  const apiModule = new Imports()
    .add('@nestjs/common', ['Module'])
    .add(`./${names.kebabNames}-data.module`, [`${names.Names}DataModule`]);
  if (rest) apiModule.add(`./${names.kebabNames}.controller`, [`${names.Names}Controller`]);
  if (codeFirst) apiModule.add(`./${names.kebabNames}.resolver`, [`${names.Names}Resolver`]);
  const schemaFirstModule = new Imports()
    .add('@nestjs/common', ['Module'])
    .add(`./${names.kebabNames}-data.module`, [`${names.Names}DataModule`])
    .add(`./${names.kebabNames}-schema-first.resolver`, [`${names.Names}SchemaFirstResolver`]);
  for (const parent of parentModules) {
    const dataModule = `../${parent.kebabNames}/${parent.kebabNames}-data.module`;
    apiModule.add(dataModule, [`${parent.Names}DataModule`]);
    schemaFirstModule.add(dataModule, [`${parent.Names}DataModule`]);
  }
  for (const { hasManyFile, HasManyClass } of [...relations, ...manyRelations]) {
    if (codeFirst) apiModule.add(`./${hasManyFile}.resolver`, [`${HasManyClass}Resolver`]);
    schemaFirstModule.add(`./${hasManyFile}-schema-first.resolver`, [`${HasManyClass}SchemaFirstResolver`]);
  }
  return { apiModule, schemaFirstModule };
}

/** The test fixture: the feature's input and service, and what makes (or reads) the records it refers to. */
function fixtureImports(
  { names, owned }: FeatureShape,
  { relations, manyRelations }: FeatureRelations,
): Imports {
  const fixture = new Imports()
    .add('@nestjs/common', ['INestApplication'], true)
    .add('class-transformer', ['plainToInstance'])
    .add(`../../src/${names.kebabNames}/dto/create-${names.kebabName}.input`, [`Create${names.Name}Input`])
    .add(`../../src/${names.kebabNames}/${names.kebabNames}.service`, [`${names.Names}Service`]);
  for (const { parent } of [...relations, ...manyRelations]) {
    if (parent.fixture) fixture.add(`./${parent.kebabNames}`, [`create${parent.Name}`]);
    else {
      fixture.add(`../../src/${parent.kebabNames}/${parent.kebabNames}.table`, [parent.names]);
      fixture.add('../utils/first-id', ['firstIdOf']);
    }
  }
  if (owned) fixture.add('../../src/auth/ownership.policy', ['Actor'], true);
  return fixture;
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
