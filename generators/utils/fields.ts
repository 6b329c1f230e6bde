import { isCalendarDate } from '../../src/common/validation/calendar-date';
import { namesOf, snakeCase } from './names';

/** PostgreSQL's `integer`, GraphQL's `Int`. */
export const INT_MIN = -(2 ** 31);
export const INT_MAX = 2 ** 31 - 1;
/** The most characters a `text` field takes (its `:max` may lower it). */
export const TEXT_MAX = 100_000;
/** The fewest distinct values a `:unique` field's bounds may leave: the generated tests make that many records. */
const UNIQUE_MIN_VALUES = 1_000;

/** The field types of `--fields`. */
export const FIELD_TYPES = [
  'string',
  'text',
  'int',
  'float',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'uuid',
  'json',
  'enum',
  'references',
  'many',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a generated feature, parsed and checked: every later step reads it, none parses again. */
export interface Field {
  /** `publishedOn`: the property in TypeScript, GraphQL and JSON (`author` for a reference). */
  name: string;
  /** `published_on`; a reference's foreign key, `author_id`. */
  column: string;
  type: FieldType;
  /** Declared with `?`: may be null, and optional on create. */
  nullable: boolean;
  unique: boolean;
  index: boolean;
  /** `:sort`: lists may be ordered by it (an index keeps that cheap: the field is indexed too). */
  sort: boolean;
  /** `:search` (string, text): the list's `q` looks for its text in this field, ignoring case. */
  search: boolean;
  /** The `=default` literal, typed (`true`, `10`, `'FICTION'`). */
  defaultValue?: string | number | boolean;
  /** `string{N}`: at most N characters. */
  length?: number;
  /** `decimal{P,S}`: P digits, S of them after the point. */
  precision?: number;
  scale?: number;
  /** `enum{A,B}`: the values, in order. */
  values?: string[];
  /** `:min=N` / `:max=N`: the value's bounds (int, float, decimal) or the length's (string, text). */
  min?: number;
  max?: number;
  /**
   * `references`: the parent type (`Author`: the `{Parent}` given, else the field's name), the key in inputs and
   * filters (`authorId`), and what the parent's delete does to the record (`:cascade`, `:set-null`, else refused).
   */
  parent?: string;
  foreignKey?: string;
  onDelete?: OnDelete;
  /** `many` (`tags:many{Tag}`): the one id's name (`tagId`, the list's filter); `foreignKey` is the input's `tagIds`. */
  filterKey?: string;
}

/** A foreign key's ON DELETE, as drizzle writes it: refused while referenced (409), or `:cascade`, `:set-null`. */
export type OnDelete = 'restrict' | 'cascade' | 'set null';

/** What a reference may point at: the app's object types (code-first classes and generated features). */
export interface FieldContext {
  knownTypes: readonly string[];
  /** The GraphQL endpoint the types are those of (`the schema-first endpoint`), for a feature that has one. */
  typesOf?: string;
  /** The app's features that cannot be parents at all (REST-only or hand-written), to say so, not that none exists. */
  notParents?: readonly string[];
  /** Names the feature has already: `id`, `createdAt`/`updatedAt` unless `--no-timestamps`, `ownerId` if owned. */
  reservedNames: readonly string[];
  /** The feature's own type (`Category`), which a reference cannot point at: its table does not exist yet. */
  self?: string;
}

/** Query parameters of the generated REST list route (`page` names its paging), which no filter of it may be. */
export const LIST_QUERY_NAMES = ['offset', 'limit', 'sort', 'order', 'count', 'page'];

/** The list's text search (`?q=`, `filter: { q }`), which a feature with a `:search` field has. */
export const SEARCH_PARAMETER = 'q';
/**
 * The fewest characters a `:search` field holds: its generated test gives it `50%` and `a_b` (`%` and `_` taken
 * literally), each after a letter that keeps the REST and GraphQL cases apart (a unique field takes each once).
 */
export const SEARCH_MIN_LENGTH = 4;

const SYNTAX =
  'name[?]:type[{args}][:unique][:index][:sort][:search][:min=N][:max=N][:cascade|:set-null][=default]';
const TYPE_LIST =
  'string{N}, text, int, float, decimal{P,S}, boolean, date, datetime, uuid, json, enum{A,B,…}, references[{Parent}], many[{Parent}]';
const FIELD = /^(?<name>[^?:]+)(?<nullable>\?)?:(?<type>[a-z]+)(?:\{(?<args>[^}]*)\})?(?<rest>[:=].*)?$/;
const FLAG = /^:([a-z]+(?:-[a-z]+)*)/;
/** A reference's flags: what deleting its parent does to the record (without either, the delete is refused). */
const ON_DELETE_FLAGS: Record<string, OnDelete> = { cascade: 'cascade', 'set-null': 'set null' };
const TYPE_NAME = /^[A-Z][a-zA-Z0-9]*$/;
/** A bound's `=N`, which only `:min` and `:max` take (`:index=5` is the flag, then the default 5). */
const BOUND_VALUE = /^=(-?\d+(?:\.\d+)?)(?=[:=]|$)/;
const BOUND_TYPES: readonly FieldType[] = ['int', 'float', 'decimal', 'string', 'text'];
const SEARCH_TYPES: readonly FieldType[] = ['string', 'text'];
const IDENTIFIER = /^[a-z][a-zA-Z0-9]*$/;
const ENUM_VALUE = /^[A-Z][A-Z0-9_]*$/;
const MAX_VARCHAR = 10_485_760;
// JavaScript's own object keys: a field of that name would shadow them on every row object.
const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
// Words no variable may take in a module (strict mode): the generated code destructures fields into variables.
const RESERVED_WORDS = new Set(
  (
    'arguments await break case catch class const continue debugger default delete do else enum eval export ' +
    'extends false finally for function if implements import in instanceof interface let new null package ' +
    'private protected public return static super switch this throw true try typeof var void while with yield'
  ).split(' '),
);

/** Fails the run before anything is written; plop prints the message and exits with code 1. */
export class FieldSpecError extends Error {
  override readonly name = 'FieldSpecError';
}

/**
 * Parses `--fields "title:string{200} isbn:string{13}:unique publishedOn?:date genre:enum{A,B} author:references"`.
 * Refuses, naming the field and what is allowed: a bad syntax, an unknown type or flag, a duplicate or reserved
 * name, bad type arguments, a default of the wrong type, a reference to a type the app does not have.
 */
export function parseFields(spec: string, context: FieldContext): Field[] {
  const fields = spec
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => parseField(part, context));
  const seen = new Set<string>();
  // Columns are snake_case, so `fooBar` and `fooBAR` (or `createdAT` and createdAt) would be one column.
  const columns = new Map(context.reservedNames.map((name) => [snakeCase(name), name]));
  for (const field of fields) {
    const names = [field.name, field.foreignKey, field.filterKey];
    for (const taken of names.filter((name): name is string => name !== undefined)) {
      if (seen.has(taken)) throw new FieldSpecError(`field "${field.name}": ${taken} is declared twice`);
      seen.add(taken);
    }
    // A many field's ids live in a join table of their own, not in a column.
    if (field.type === 'many') continue;
    const owner = columns.get(field.column);
    if (owner !== undefined) {
      throw new FieldSpecError(`field "${field.name}": its column ${field.column} is ${owner}'s already`);
    }
    columns.set(field.column, field.name);
  }
  checkSearchParameter(fields);
  return fields;
}

/** `q` is the list's search when a field is `:search`: no field may take that name then, on either API. */
function checkSearchParameter(fields: Field[]): void {
  const searched = fields.find((field) => field.search);
  const named = fields.find((field) => field.name === SEARCH_PARAMETER);
  if (searched && named) {
    throw new FieldSpecError(
      `field "${named.name}": ${SEARCH_PARAMETER} is the list's text search (?${SEARCH_PARAMETER}=, filter: { ${SEARCH_PARAMETER} }) of a feature with a :search field (${searched.name}): choose another name`,
    );
  }
}

function parseField(part: string, context: FieldContext): Field {
  const match = FIELD.exec(part);
  if (!match?.groups) throw new FieldSpecError(`"${part}" is not a field: write ${SYNTAX}`);
  const { name, nullable, type, args, rest = '' } = match.groups;
  const problem = (message: string) => new FieldSpecError(`field "${name}": ${message}`);

  if (!IDENTIFIER.test(name)) throw problem('the name must be a camelCase identifier (e.g. publishedOn)');
  if (RESERVED.has(name)) throw problem(`${name} is reserved (every JavaScript object has it)`);
  if (RESERVED_WORDS.has(name))
    throw problem(`${name} is a reserved word in JavaScript: no variable can take it`);
  if (context.reservedNames.includes(name)) {
    throw problem(`${name} is reserved (the feature has ${context.reservedNames.join(', ')})`);
  }
  if (!(FIELD_TYPES as readonly string[]).includes(type)) {
    throw problem(`unknown type "${type}"; allowed: ${TYPE_LIST}`);
  }
  const field: Field = {
    name,
    column: snakeCase(name),
    type: type as FieldType,
    nullable: nullable === '?',
    unique: false,
    index: false,
    sort: false,
    search: false,
  };
  Object.assign(field, typeArguments(field, args, problem));
  if (field.type === 'many') return manyOf(field, rest, context, problem);
  const { flags, rawDefault } = splitFlags(rest, field, problem);
  for (const flag of flags) {
    if (field.type === 'json' && flag !== 'search') throw problem(`a json field cannot be :${flag}`);
    if (flag === 'sort' && field.type === 'text') {
      throw problem(
        'a text field cannot be :sort: its index could not hold a long value (sort by a string{N} field)',
      );
    }
    field[flag] = true;
  }
  checkBounds(field, problem);
  if (field.search) checkSearch(field, problem);
  checkOnDelete(field, problem);
  const uniqueRefused = field.unique ? whyNotUnique(field) : undefined;
  if (uniqueRefused) throw problem(`cannot be :unique: ${uniqueRefused}`);
  // Sortable means indexed: ordering a big table by a column without an index reads and sorts all of it.
  if (field.sort && !field.unique) field.index = true;
  if (field.type === 'references') Object.assign(field, referenceOf(field, context, problem));
  if (rawDefault !== undefined) field.defaultValue = defaultOf(field, rawDefault, problem);
  return field;
}

const FLAGS = ['unique', 'index', 'sort', 'search'] as const;
type Flag = (typeof FLAGS)[number];

/** `:unique:min=1=5` → the flags (`unique`), the bounds (set on the field) and the default (`5`). */
function splitFlags(rest: string, field: Field, problem: Problem): { flags: Flag[]; rawDefault?: string } {
  const flags: Flag[] = [];
  let remaining = rest;
  for (let flag = FLAG.exec(remaining); flag; flag = FLAG.exec(remaining)) {
    remaining = remaining.slice(flag[0].length);
    const name = flag[1];
    if (name === 'min' || name === 'max') {
      const value = BOUND_VALUE.exec(remaining);
      if (!value) throw problem(`:${name} takes a number: write :${name}=N`);
      remaining = remaining.slice(value[0].length);
      field[name] = Number(value[1]);
    } else if ((FLAGS as readonly string[]).includes(name)) {
      flags.push(name as Flag);
    } else if (Object.hasOwn(ON_DELETE_FLAGS, name)) {
      if (field.onDelete !== undefined) {
        throw problem(
          ':cascade and :set-null exclude each other: a deleted parent either deletes the record or leaves it without one',
        );
      }
      field.onDelete = ON_DELETE_FLAGS[name];
    } else {
      throw problem(
        `unknown flag ":${name}"; allowed: :unique, :index, :sort, :search, :min=N, :max=N, :cascade, :set-null (references)`,
      );
    }
  }
  if (remaining !== '' && !remaining.startsWith('=')) {
    throw problem(`"${remaining}" is not a flag or a default: write ${SYNTAX}`);
  }
  return { flags, rawDefault: remaining === '' ? undefined : remaining.slice(1) };
}

/** `:min` / `:max`: numbers for int, float and decimal (integers for int), lengths for string and text. */
function checkBounds(field: Field, problem: Problem): void {
  const { min, max } = field;
  if (min === undefined && max === undefined) return;
  if (!BOUND_TYPES.includes(field.type)) {
    throw problem(
      `a ${field.type} field takes no :min or :max (they bound int, float and decimal values, string and text lengths)`,
    );
  }
  const isLength = field.type === 'string' || field.type === 'text';
  const highest = field.type === 'string' ? (field.length ?? 255) : isLength ? TEXT_MAX : INT_MAX;
  const lowest = isLength ? 0 : INT_MIN;
  for (const [flag, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (value === undefined) continue;
    const integer = isLength || field.type === 'int';
    if ((integer && !Number.isInteger(value)) || value < lowest || value > highest) {
      const what = isLength ? 'a length' : integer ? 'an integer' : 'a number';
      throw problem(`:${flag}=${value} must be ${what} from ${lowest} to ${highest}`);
    }
  }
  if (field.type === 'decimal') checkDecimalBounds(field, problem);
  if (min !== undefined && max !== undefined && min > max) {
    throw problem(`:min=${min} is more than :max=${max}`);
  }
  if (isLength && max === 0) throw problem(':max=0 leaves only the empty string');
}

/** A decimal's bounds as the column holds them: within its P−S whole digits, with at most S decimals. */
function checkDecimalBounds({ precision = 12, scale = 2, min, max }: Field, problem: Problem): void {
  const limit = 10 ** (precision - scale);
  for (const [flag, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (value === undefined) continue;
    const decimals = (String(value).split('.')[1] ?? '').length;
    if (Math.abs(value) >= limit || decimals > scale) {
      throw problem(
        `:${flag}=${value} does not fit decimal{${precision},${scale}} (below ${limit} in magnitude, at most ${scale} decimals)`,
      );
    }
  }
}

/** `:search`: on string and text fields, long enough for the values of its generated test. */
function checkSearch(field: Field, problem: Problem): void {
  if (!SEARCH_TYPES.includes(field.type)) {
    throw problem(`:search applies to string and text fields (q looks for text in them), not ${field.type}`);
  }
  const { max } = lengthBounds(field);
  if (max < SEARCH_MIN_LENGTH) {
    throw problem(
      `a :search field must hold ${SEARCH_MIN_LENGTH} characters at least (its generated test searches it for 50% and a_b), not ${max}`,
    );
  }
}

/** `:cascade` / `:set-null`: on a reference only, and set null only where the key may be null. */
function checkOnDelete(field: Field, problem: Problem): void {
  if (field.onDelete === undefined) return;
  const flag = field.onDelete === 'cascade' ? ':cascade' : ':set-null';
  if (field.type !== 'references') {
    throw problem(`${flag} is for references only (what deleting the parent does to the record)`);
  }
  if (field.onDelete === 'set null' && !field.nullable) {
    throw problem(
      `a required reference cannot be set null: make it nullable (${field.name}?:references${field.parent ? `{${field.parent}}` : ''}) or use :cascade`,
    );
  }
}

/**
 * The reference's parent (`author` → Author, `translator{Writer}` → Writer), its key and its column, or why it
 * cannot be one. Its ON DELETE: restrict unless a flag said otherwise.
 */
function referenceOf(field: Field, context: FieldContext, problem: Problem): Partial<Field> {
  const { name } = field;
  return {
    parent: parentOf(field, namesOf(name).Name, context, problem),
    foreignKey: `${name}Id`,
    column: `${snakeCase(name)}_id`,
    index: true,
    onDelete: field.onDelete ?? 'restrict',
  };
}

/**
 * `tags:many{Tag}`: a set of Tag ids in a join table (`tagIds` in inputs, `tagId` the list's filter). Named in the
 * plural, with no `?` (an empty set is no null), no flags and no default.
 */
function manyOf(field: Field, rest: string, context: FieldContext, problem: Problem): Field {
  const { name, Name, names } = namesOf(field.name);
  if (names !== field.name) {
    throw problem(
      `a many field holds a set: name it in the plural (${names}:many${field.parent ? `{${field.parent}}` : ''})`,
    );
  }
  if (field.nullable) throw problem('a many field is never null (an empty set is []): leave out the ?');
  if (rest !== '') {
    throw problem(`a many field takes no flags or default ("${rest}"): write ${field.name}:many{Parent}`);
  }
  return {
    ...field,
    column: '',
    parent: parentOf(field, Name, context, problem),
    foreignKey: `${name}Ids`,
    filterKey: `${name}Id`,
  };
}

/** The type a reference or many field points at (`{Parent}` given, else `byName`), or why it cannot. */
function parentOf(field: Field, byName: string, context: FieldContext, problem: Problem): string {
  const parent = field.parent ?? byName;
  if (parent === context.self) {
    throw problem(
      `references ${parent} itself, which the generators do not make (a tree needs a hand-written parent field)`,
    );
  }
  if (!context.knownTypes.includes(parent)) {
    const known = context.knownTypes.length > 0 ? context.knownTypes.join(', ') : 'none yet';
    if (context.notParents?.includes(parent)) {
      throw problem(
        `references ${parent}, a feature of the app that cannot be a parent: a parent is laid out as a ` +
          `generated feature is (<things>.table.ts, <things>-data.module.ts exporting its service, ` +
          `models/<thing>.model.ts), which a hand-written one may not be (types: ${known})`,
      );
    }
    // A feature of the app may still lack a type there (REST-only, or of the other endpoint) or a loader.
    const missing = context.typesOf
      ? `is not a parent on ${context.typesOf}: a parent there needs its GraphQL type and a batch loader ` +
        `(loadByIds) in its service, which a REST-only feature lacks`
      : 'the app does not have';
    throw problem(`references ${parent}, which ${missing} (types: ${known})`);
  }
  return parent;
}

/** Types whose unique column would hold only a handful of records, or would change what the field models. */
const UNIQUE_REFUSED: Partial<Record<FieldType, string>> = {
  boolean: 'a unique boolean column holds two records at most (use :index to look them up fast)',
  enum: 'a unique enum column holds one record per value (use :index to look them up fast)',
  references: 'a reference is many to one (the parent lists its records); a unique one would be one to one',
};

/** Why a field of this type (and size) cannot be `:unique`, or undefined when it can. */
function whyNotUnique(field: Field): string | undefined {
  if (field.type === 'decimal' && (field.precision ?? 12) < 2) {
    return 'a unique decimal of one digit holds ten records at most';
  }
  if ((field.type === 'string' || field.type === 'text') && (field.max ?? field.length) === 1) {
    return 'a unique string of one character holds a handful of records (use :index to look them up fast)';
  }
  const numeric = field.type === 'int' || field.type === 'float' || field.type === 'decimal';
  if (numeric && (field.min !== undefined || field.max !== undefined)) {
    const values = Math.floor(field.max ?? INT_MAX) - Math.ceil(field.min ?? INT_MIN) + 1;
    if (values < UNIQUE_MIN_VALUES) {
      return `its bounds leave ${Math.max(values, 0)} whole numbers, fewer than the ${UNIQUE_MIN_VALUES} its generated tests need (use :index to look them up fast)`;
    }
  }
  return UNIQUE_REFUSED[field.type];
}

type Problem = (message: string) => FieldSpecError;

function typeArguments(field: Field, args: string | undefined, problem: Problem): Partial<Field> {
  const list = args === undefined ? [] : args.split(',').map((arg) => arg.trim());
  const number = (text: string | undefined, fallback: number) =>
    text === undefined ? fallback : Number(text);
  switch (field.type) {
    case 'string': {
      const length = number(list[0], 255);
      if (list.length > 1 || !Number.isInteger(length) || length < 1 || length > MAX_VARCHAR) {
        throw problem(`string{N} takes one length from 1 to ${MAX_VARCHAR} (got {${args}})`);
      }
      return { length };
    }
    case 'decimal': {
      const [precision, scale] = [number(list[0], 12), number(list[1], list.length === 0 ? 2 : 0)];
      const valid = Number.isInteger(precision) && Number.isInteger(scale);
      if (list.length > 2 || !valid || precision < 1 || precision > 1000 || scale < 0 || scale > precision) {
        throw problem(`decimal{P,S} takes 1 ≤ P ≤ 1000 digits and 0 ≤ S ≤ P decimals (got {${args}})`);
      }
      return { precision, scale };
    }
    case 'enum': {
      if (list.length === 0 || list.some((value) => !ENUM_VALUE.test(value))) {
        throw problem(`enum{A,B,…} takes UPPER_CASE values (got {${args ?? ''}})`);
      }
      if (new Set(list).size !== list.length) throw problem('an enum value is listed twice');
      return { values: list };
    }
    case 'references':
    case 'many':
      if (args === undefined) return {};
      if (!TYPE_NAME.test(args.trim())) {
        const example = field.type === 'many' ? 'many{Tag}' : 'references{Author}';
        throw problem(
          `${field.type}{Parent} takes one type name in PascalCase, e.g. ${example} (got {${args}})`,
        );
      }
      return { parent: args.trim() };
    default:
      if (args !== undefined) throw problem(`${field.type} takes no {arguments}`);
      return {};
  }
}

/** The lengths a string or text field takes: its `:min` / `:max`, else 1 (0 when nullable) to its size. */
export function lengthBounds(field: Field): { min: number; max: number } {
  return { min: field.min ?? (field.nullable ? 0 : 1), max: field.max ?? field.length ?? TEXT_MAX };
}

function defaultOf(field: Field, raw: string, problem: Problem): string | number | boolean {
  const refuse = (allowed: string) => problem(`the default "${raw}" is not ${allowed}`);
  const withinBounds = (value: number) => {
    if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
      throw refuse(`within the field's bounds (${field.min ?? 'any'} to ${field.max ?? 'any'})`);
    }
    return value;
  };
  switch (field.type) {
    case 'string':
    case 'text': {
      // Counted as the input checks count (code points), with the same bounds.
      const length = [...raw].length;
      const { min, max } = lengthBounds(field);
      if (length < min || length > max) {
        const empty =
          length === 0 ? ` (a required ${field.type} refuses "": ${field.name}? or :min=0 allows it)` : '';
        throw refuse(`${min} to ${max} characters${empty}`);
      }
      return raw;
    }
    case 'int': {
      const value = Number(raw);
      if (!/^-?\d+$/.test(raw) || value < INT_MIN || value > INT_MAX) throw refuse('a 32-bit integer');
      return withinBounds(value);
    }
    case 'float':
      if (raw.trim() === '' || !Number.isFinite(Number(raw))) throw refuse('a finite number');
      return withinBounds(Number(raw));
    case 'decimal': {
      const [whole, fraction = ''] = raw.replace(/^-/, '').split('.');
      const fits =
        /^-?\d+(\.\d+)?$/.test(raw) &&
        fraction.length <= (field.scale ?? 0) &&
        whole.replace(/^0+(?=\d)/, '').length <= (field.precision ?? 0) - (field.scale ?? 0);
      if (!fits) throw refuse(`a decimal of ${field.precision} digits with ${field.scale} decimals`);
      withinBounds(Number(raw));
      return raw;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw refuse('true or false');
      return raw === 'true';
    case 'date':
      if (!isCalendarDate(raw)) throw refuse('a date (YYYY-MM-DD)');
      return raw;
    case 'enum':
      if (!field.values?.includes(raw)) throw refuse(`one of ${field.values?.join(', ')}`);
      return raw;
    default:
      throw problem(`a ${field.type} field takes no =default`);
  }
}
