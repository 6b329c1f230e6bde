import { type Field, FieldSpecError, LIST_QUERY_NAMES } from '../utils/fields';
import { type Names, snakeCase } from '../utils/names';
import { APP_FILTER_RULES, type FieldCode, fieldCode } from './field-code';
import { Imports } from './imports';
import type { ManyRelation } from './many-relations';

const TIMESTAMPS = ['createdAt', 'updatedAt'];

/** A sortable field as REST (`createdAt`) and GraphQL (`CREATED_AT`) name it. */
export interface SortField {
  name: string;
  constant: string;
}

const sortFieldOf = (name: string): SortField => ({ name, constant: snakeCase(name).toUpperCase() });

/** A feature's list: its filters and search, its orders, and the imports of the DTOs that take them. */
export interface ListOptions {
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
  /** What the e2e test filters and orders by (undefined: no such field, no such case). */
  filterField?: string;
  sortField: SortField;
  /** A field lists cannot be ordered by, and a nullable sortable one (nulls last), for the e2e test's cases. */
  unsortableField?: string;
  nullableSortField?: SortField;
  /** What the e2e test pages through by cursor: the nullable sortable field if any (nulls in the way), else sortField. */
  cursorSortField: SortField;
  pageValidators: string;
  /** What the page arguments import from field-validators.ts (empty: nothing). */
  pageAppValidators: string;
  pageGraphqlImports: string;
  queryValidators: string;
  queryTransforms: boolean;
  /** What the list query imports from field-validators.ts: transforms and rules (empty: nothing). */
  queryAppImports: string;
}

/**
 * The list of a feature with these `fields`: equality filters (enum, boolean, reference, a many field's id, an owned
 * feature's `mine`), `q` over the `:search` fields, the sortable fields. `rest`: its filters are query parameters
 * beside the paging ones, whose names they must not take.
 */
export function listOptionsOf(
  names: Names,
  fields: readonly FieldCode[],
  manyRelations: readonly ManyRelation[],
  { owned, rest, timestamps }: { owned: boolean; rest: boolean; timestamps: boolean },
): ListOptions {
  const filters = [
    ...fields.filter((field) => field.filterable),
    ...manyRelations.map((many) => setFilter(names, many)),
    ...(owned ? [mineFilter(names.Name)] : []),
  ];
  // On REST a filter is a query parameter beside the paging and order ones (GraphQL nests them in `filter`).
  const taken = rest ? filters.find((field) => LIST_QUERY_NAMES.includes(field.name)) : undefined;
  if (taken) {
    throw new FieldSpecError(
      `field "${taken.name}": it filters GET /${names.kebabNames} as ?${taken.name}=, a parameter of its paging and order (${LIST_QUERY_NAMES.join(', ')}): choose another name`,
    );
  }
  const searchFields = fields.filter((field) => field.search);
  const sortable = fields.filter((field) => field.sortable);
  // What the tests order by: not a reference, which is the same for every record they make.
  const testSort = sortable.find((field) => !field.relation)?.name ?? (timestamps ? 'createdAt' : 'id');
  const nullableSortable = sortable.find((field) => field.nullable && !field.relation);
  return {
    filters,
    searchFields,
    searchDescription: searchDescriptionOf(searchFields, names.word),
    filterDescription: filterDescriptionOf(filters.length > 0, searchFields.length > 0, names.word),
    hasFilter: filters.length > 0 || searchFields.length > 0,
    sortFields: ['id', ...sortable.map((field) => field.name), ...(timestamps ? TIMESTAMPS : [])].map(
      sortFieldOf,
    ),
    filterField: filters.find((filter) => !filter.virtual && !filter.through)?.name,
    sortField: sortFieldOf(testSort),
    unsortableField: fields.find((field) => !field.sortable)?.name,
    nullableSortField: nullableSortable && sortFieldOf(nullableSortable.name),
    cursorSortField: sortFieldOf(nullableSortable?.name ?? testSort),
    ...dtoImportsOf(filters),
  };
}

/** What the list's DTOs (GraphQL page arguments, REST query) import for these filters. */
function dtoImportsOf(filters: readonly FieldCode[]) {
  return {
    pageValidators: [...filterRules(filters, false), 'IsEnum', 'IsOptional', 'ValidateNested']
      .sort()
      .join(', '),
    pageGraphqlImports: [
      'ArgsType',
      'Field',
      'InputType',
      ...(filters.some((filter) => filter.graphqlType === 'Int') ? ['Int'] : []),
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
  };
}

/** The rules the filters use, class-validator's (IsEnum is always imported, for the order) or the app's. */
const filterRules = (filters: readonly FieldCode[], own: boolean) => [
  ...new Set(
    filters
      .flatMap((field) => field.filterRules.map((rule) => rule.replace(/\(.*$/, '')))
      .filter((rule) => rule !== 'IsEnum' && APP_FILTER_RULES.has(rule) === own),
  ),
];

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

/** A filter as fieldCode writes it, for a field that is no column of the feature (its imports are not kept). */
function filterOf(field: Field, Thing: string, parents: Parameters<typeof fieldCode>[4] = []): FieldCode {
  const scratch = {
    table: new Imports(),
    model: new Imports(),
    create: new Imports(),
    update: new Imports(),
  };
  return fieldCode(field, Thing, { graphql: false, rest: false }, scratch, parents);
}

const FILTER_FIELD = { nullable: true, unique: false, index: false, sort: false, search: false } as const;

/**
 * `mine` of an owned feature's list: a boolean filter whose value is not a column's (the service turns it into the
 * token user's `ownerId`).
 */
function mineFilter(Thing: string): FieldCode {
  return {
    ...filterOf({ ...FILTER_FIELD, name: 'mine', column: 'mine', type: 'boolean' }, Thing),
    virtual: true,
    filterApi: "{ type: 'boolean', description: 'true: only your own (needs a bearer token).' }",
  };
}

/**
 * `tagId` of a many field's list: the records whose set holds that id (a join table's, not a column of the
 * table: the repository asks the join table).
 */
function setFilter(names: Names, many: ManyRelation): FieldCode {
  const { idKey, join } = many;
  const reference: Field = {
    ...FILTER_FIELD,
    name: idKey.replace(/Id$/, ''),
    column: join.otherColumn,
    type: 'references',
    parent: many.parent.Name,
    foreignKey: idKey,
  };
  return {
    ...filterOf(reference, names.Name, [many.parent]),
    through: {
      condition:
        `filter.${idKey} == null ? undefined : sql\`\${${names.names}.id} in (select \${${join.variable}.${join.ownKey}} ` +
        `from \${${join.variable}} where \${${join.variable}.${idKey}} = \${filter.${idKey}})\``,
    },
    filterApi: `{ type: 'integer', description: 'Only the ${names.words} whose ${many.field} hold this id.' }`,
  };
}
