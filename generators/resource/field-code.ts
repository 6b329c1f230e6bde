import { rangeText } from '../../src/common/validation/range-text';
import { type Field, INT_MAX, INT_MIN, lengthBounds, type OnDelete } from '../utils/fields';
import { namesOf } from '../utils/names';
import type { Imports } from './imports';
import type { ParentType } from './parents';

/** Which APIs a feature serves: the decorators of its shared classes follow. */
export interface Apis {
  graphql: boolean;
  rest: boolean;
}

/** Where the decorators and helpers the generated code uses live in the app (from `src/<things>/<dir>/`). */
const FROM = {
  validators: '../../common/validation/field-validators',
  scalars: '../../graphql/scalars',
  maxSize: '../../graphql/max-size',
};

/** The filter rules that are the app's own (field-validators.ts); the others are class-validator's. */
export const APP_FILTER_RULES = new Set(['IsIntInRange']);

/** GraphQL types that need an import (String and Boolean are built in; an enum is imported by the template). */
const GRAPHQL_TYPE_IMPORTS: Record<string, string> = {
  Int: '@nestjs/graphql',
  Float: '@nestjs/graphql',
  DateTimeScalar: `${FROM.scalars}/date-time.scalar`,
  DecimalScalar: `${FROM.scalars}/decimal.scalar`,
  JSONScalar: `${FROM.scalars}/json.scalar`,
};

const JSON_MAX_BYTES = 64 * 1024;

/** The SDL names of the GraphQL types the code-first classes name by their JavaScript identifier. */
const SDL_TYPES: Record<string, string> = {
  DecimalScalar: 'Decimal',
  DateTimeScalar: 'DateTime',
  JSONScalar: 'JSON',
};

/** One field as each layer writes it; every string is code, ready for a template. */
export interface FieldCode {
  name: string;
  /** The TypeScript type on the API type and the row (`string`, `BookGenre | null`). */
  type: string;
  /** `varchar('title', { length: 200 }).notNull()` */
  column: string;
  modelDecorators: string[];
  createDecorators: string[];
  updateDecorators: string[];
  /** Optional on create: nullable or with a default. */
  optionalOnCreate: boolean;
  /** `author:references`: the relation (`authorId` is the field's name; `author` the object's). */
  relation?: { field: string; parent: ParentType; nullable: boolean; onDelete: OnDelete };
  /** `:index`: the column, for the table's index list. */
  index?: { column: string };
  /** Equality filter (enum, boolean, reference) and ordering (indexed: `:index`, `:unique`, `:sort`, a reference). */
  filterable: boolean;
  /** A filter that is no column of the table (an owned feature's `mine`): the service reads it, not the SQL. */
  virtual?: boolean;
  /** A filter of a many field (`tagId`): the records whose pairs in the join table hold the id. */
  through?: { condition: string };
  sortable: boolean;
  /** `:search`: the list's `q` looks for its text, and its shortest length (the generated test pads to it). */
  search: boolean;
  shortest: number;
  /** Code of a valid value for record number `n` (different per n where the type allows), and of an invalid one. */
  sample: string;
  invalid: string;
  /** `:min` / `:max`: code of a value just past each bound, and the message that refuses it. */
  outOfBounds: Array<{ value: string; message: string }>;
  /** The type in SDL (schema-first), without `!`: `String`, `Decimal`, `BookGenre`. */
  sdlType: string;
  /** What follows the type in SDL: ` @maxSize(chars: 100000)` for a long value, else nothing. */
  sdlDirectives: string;
  nullable: boolean;
  /** For filters: the GraphQL type, the rules, the TypeScript type, the OpenAPI options. */
  graphqlType: string;
  filterRules: string[];
  filterType: string;
  filterApi: string;
  /** How a query-string value becomes the filter's type (a function of field-validators.ts), if it must. */
  filterTransform?: string;
  /** The enum this field declares (`BookGenre`), with its file and values. */
  enum?: { name: string; variable: string; kebab: string; values: string[]; dbName: string };
}

interface TypeCode {
  type: string;
  column: string;
  graphql: string;
  /** The rules after IsOptional (`IsString()`, `Length(1, 200)`), importing what they use into `to`. */
  rules: (to: Imports, required: boolean) => string[];
  api: Record<string, string>;
  /** The OpenAPI options of the inputs, where they accept more than the model returns (a decimal as a number too). */
  apiInput?: Record<string, string>;
  /** A class-transformer function of field-validators.ts that shapes the value before it is checked. */
  transform?: string;
  /** The most characters of a long value (text, json), which the GraphQL cost limit counts by (`@maxSize`). */
  maxSize?: number;
}

/**
 * The whole mapping of a field type to code, in one table: column, TypeScript, GraphQL, validation, OpenAPI.
 * `Thing` names the feature (`Book`), for enum names (`BookGenre`).
 */
export function fieldCode(
  field: Field,
  Thing: string,
  apis: Apis,
  imports: FileImports,
  parents: readonly ParentType[] = [],
): FieldCode {
  const parent = parents.find((candidate) => candidate.Name === field.parent);
  const code = parent ? referenceCode(parent, imports) : typeCode(field, Thing, imports);
  if (apis.graphql) {
    const graphqlImport = GRAPHQL_TYPE_IMPORTS[code.graphql];
    for (const file of [imports.model, imports.create, imports.update]) {
      file.add('@nestjs/graphql', ['Field']);
      if (graphqlImport) file.add(graphqlImport, [code.graphql]);
    }
  }
  const nullable = field.nullable;
  // unknown (json) holds null already.
  const type = nullable && code.type !== 'unknown' ? `${code.type} | null` : code.type;
  const optionalOnCreate = nullable || field.defaultValue !== undefined;
  const graphqlField = (isNullable: boolean) =>
    `@Field(() => ${code.graphql}${isNullable ? ', { nullable: true }' : ''})`;

  const modelDecorators: string[] = [];
  if (apis.graphql) {
    modelDecorators.push(graphqlField(nullable));
    if (code.maxSize) {
      modelDecorators.push(`@MaxSize(${code.maxSize})`);
      imports.model.add(FROM.maxSize, ['MaxSize']);
    }
  }
  if (apis.rest) {
    modelDecorators.push(apiProperty(code, { nullable }));
    imports.model.add('@nestjs/swagger', [nullable ? 'ApiPropertyOptional' : 'ApiProperty']);
  }

  const inputDecorators = (mode: 'create' | 'update') => {
    const to = imports[mode];
    const optional = mode === 'update' || optionalOnCreate;
    const decorators: string[] = [];
    if (apis.graphql) {
      decorators.push(graphqlField(optional));
    }
    if (apis.rest) {
      decorators.push(apiProperty({ ...code, api: code.apiInput ?? code.api }, { nullable, optional }));
      to.add('@nestjs/swagger', [optional || nullable ? 'ApiPropertyOptional' : 'ApiProperty']);
    }
    if (code.transform) {
      decorators.push(`@Transform(${code.transform})`);
      to.add('class-transformer', ['Transform']);
      to.add(FROM.validators, [code.transform]);
    }
    // A value that must be given says so, alone ("pages is required"), not as each rule's failure.
    if (!optional) {
      decorators.push('@IsRequired()');
      to.add(FROM.validators, ['IsRequired']);
    }
    // null clears a nullable field; a required one refuses it (ValidateIf lets only a missing value through).
    if (nullable) {
      decorators.push('@IsOptional()');
      to.add('class-validator', ['IsOptional']);
    } else if (optional) {
      decorators.push('@ValidateIf((_, value) => value !== undefined)');
      to.add('class-validator', ['ValidateIf']);
    }
    decorators.push(...code.rules(to, !nullable).map((rule) => `@${rule}`));
    return decorators;
  };

  return {
    name: field.foreignKey ?? field.name,
    relation: parent
      ? { field: field.name, parent, nullable, onDelete: field.onDelete ?? 'restrict' }
      : undefined,
    type,
    column: columnCode(field, code, parent),
    modelDecorators,
    createDecorators: inputDecorators('create'),
    updateDecorators: inputDecorators('update'),
    optionalOnCreate,
    index: field.index ? { column: field.column } : undefined,
    ...samplesOf(field),
    outOfBounds: outOfBoundsOf(field),
    graphqlType: code.graphql,
    sdlType: SDL_TYPES[code.graphql] ?? code.graphql,
    sdlDirectives: code.maxSize ? ` @maxSize(chars: ${code.maxSize})` : '',
    nullable,
    ...filterOf(field, code.type),
    filterType: code.type,
    filterable: field.type === 'enum' || field.type === 'boolean' || field.type === 'references',
    sortable: field.index || field.unique || field.sort,
    search: field.search,
    shortest: field.type === 'string' || field.type === 'text' ? lengthBounds(field).min : 0,
    enum:
      field.type === 'enum'
        ? {
            name: `${Thing}${namesOf(field.name).Name}`,
            variable: namesOf(`${Thing}${namesOf(field.name).Name}`).name,
            kebab: `${namesOf(Thing).kebabName}-${namesOf(field.name).kebabName}`,
            values: field.values ?? [],
            dbName: `${namesOf(Thing).kebabName.replace(/-/g, '_')}_${field.column}`,
          }
        : undefined,
  };
}

/** The imports each generated file needs for its fields, filled while the fields are mapped. */
export interface FileImports {
  table: Imports;
  model: Imports;
  create: Imports;
  update: Imports;
}

function typeCode(field: Field, Thing: string, imports: FileImports): TypeCode {
  const { column, type } = field;
  const pg = (name: string) => imports.table.add('drizzle-orm/pg-core', [name]);
  switch (type) {
    case 'string': {
      pg('varchar');
      const length = field.length ?? 255;
      const { min, max } = lengthBounds(field);
      return {
        type: 'string',
        column: `varchar('${column}', { length: ${length} })`,
        graphql: 'String',
        rules: (to) => {
          to.add(FROM.validators, ['IsText']);
          return [`IsText(${min}, ${max})`];
        },
        api: lengthApi(field, max),
      };
    }
    case 'text': {
      pg('text');
      const { min, max } = lengthBounds(field);
      return {
        type: 'string',
        column: `text('${column}')`,
        graphql: 'String',
        rules: (to) => {
          to.add(FROM.validators, ['IsText']);
          return [`IsText(${min}, ${max})`];
        },
        api: lengthApi(field, max),
        maxSize: max,
      };
    }
    case 'int':
      pg('integer');
      return {
        type: 'number',
        column: `integer('${column}')`,
        graphql: 'Int',
        rules: (to) => {
          to.add(FROM.validators, ['IsIntInRange']);
          return [`IsIntInRange(${field.min ?? INT_MIN}, ${field.max ?? INT_MAX})`];
        },
        api: { type: "'integer'", format: "'int32'", ...valueApi(field) },
      };
    case 'float':
      pg('doublePrecision');
      return {
        type: 'number',
        column: `doublePrecision('${column}')`,
        graphql: 'Float',
        rules: (to) => {
          to.add(FROM.validators, ['IsFiniteNumber']);
          const bounds = [
            ...(field.min === undefined ? [] : [`min: ${field.min}`]),
            ...(field.max === undefined ? [] : [`max: ${field.max}`]),
          ];
          return [`IsFiniteNumber(${bounds.length > 0 ? `{ ${bounds.join(', ')} }` : ''})`];
        },
        api: { type: "'number'", format: "'double'", ...valueApi(field) },
      };
    case 'decimal': {
      pg('numeric');
      const { precision = 12, scale = 2 } = field;
      const bounds = boundsText(field);
      return {
        type: 'string',
        transform: 'toDecimalString',
        column: `numeric('${column}', { precision: ${precision}, scale: ${scale} })`,
        graphql: 'DecimalScalar',
        rules: (to) => {
          to.add(FROM.validators, ['IsDecimalNumber']);
          return [`IsDecimalNumber(${precision}, ${scale})`, ...decimalBoundRules(field, to)];
        },
        api: {
          type: "'string'",
          format: "'decimal'",
          example: `'${exampleDecimal(field)}'`,
          description: `'A decimal string${bounds}.'`,
        },
        apiInput: {
          oneOf: "[{ type: 'number' }, { type: 'string', format: 'decimal' }]",
          example: `'${exampleDecimal(field)}'`,
          description: `'A JSON number or a decimal string${bounds}; read back as a string.'`,
        },
      };
    }
    case 'boolean':
      pg('boolean');
      return {
        type: 'boolean',
        column: `boolean('${column}')`,
        graphql: 'Boolean',
        rules: (to) => {
          to.add('class-validator', ['IsBoolean']);
          return ['IsBoolean()'];
        },
        api: {},
      };
    case 'date':
      pg('date');
      return {
        type: 'string',
        column: `date('${column}', { mode: 'string' })`,
        graphql: 'String',
        rules: (to) => {
          to.add(FROM.validators, ['IsCalendarDate']);
          return ['IsCalendarDate()'];
        },
        api: { type: "'string'", format: "'date'" },
      };
    case 'datetime':
      pg('timestamp');
      return {
        type: 'Date',
        transform: 'toDateTime',
        column: `timestamp('${column}', { withTimezone: true })`,
        graphql: 'DateTimeScalar',
        rules: (to) => {
          to.add(FROM.validators, ['IsDateTimeWithOffset']);
          return ['IsDateTimeWithOffset()'];
        },
        api: { type: "'string'", format: "'date-time'" },
      };
    case 'uuid':
      pg('uuid');
      return {
        type: 'string',
        column: `uuid('${column}')`,
        graphql: 'String',
        rules: (to) => {
          to.add('class-validator', ['IsUUID']);
          return ['IsUUID()'];
        },
        api: { type: "'string'", format: "'uuid'" },
      };
    case 'json':
      pg('jsonb');
      return {
        type: 'unknown',
        transform: 'keepJsonValue',
        column: `jsonb('${column}')`,
        graphql: 'JSONScalar',
        rules: (to) => {
          to.add(FROM.validators, ['IsJsonDocument']);
          return [`IsJsonDocument(${JSON_MAX_BYTES})`];
        },
        api: {
          oneOf: "[{ type: 'object', additionalProperties: true }, { type: 'array', items: {} }]",
          description: "'A JSON object or array, at most 64 kB.'",
        },
        maxSize: JSON_MAX_BYTES,
      };
    case 'enum': {
      const name = `${Thing}${namesOf(field.name).Name}`;
      return {
        type: name,
        column: `${namesOf(name).name}('${column}')`,
        graphql: name,
        rules: (to) => {
          to.add('class-validator', ['IsEnum']);
          return [`IsEnum(${name})`];
        },
        api: { enum: name, enumName: `'${name}'` },
      };
    }
    case 'references':
    case 'many':
      throw new Error(`${field.name}: ${field.type} ${field.parent}, which is not a parent type`);
  }
}

function filterOf(
  field: Field,
  type: string,
): Pick<FieldCode, 'filterRules' | 'filterApi' | 'filterTransform'> {
  switch (field.type) {
    case 'boolean':
      return { filterRules: ['IsBoolean()'], filterApi: "{ type: 'boolean' }", filterTransform: 'toBoolean' };
    case 'references':
      // An id: past PostgreSQL's integer, a value would fail in the database with a message naming no field.
      return {
        filterRules: [`IsIntInRange(1, ${INT_MAX})`],
        filterApi: "{ type: 'integer' }",
        filterTransform: 'toInteger',
      };
    default:
      return { filterRules: [`IsEnum(${type})`], filterApi: `{ enum: ${type}, enumName: '${type}' }` };
  }
}

/** `authorId`: an integer column with a foreign key to the parent's table (its ON DELETE: columnCode). */
function referenceCode(parent: ParentType, imports: FileImports): TypeCode {
  imports.table.add(`../${parent.kebabNames}/${parent.kebabNames}.table`, [parent.names]);
  return {
    type: 'number',
    column: '',
    graphql: 'Int',
    rules: (to) => {
      to.add(FROM.validators, ['IsIntInRange']);
      return [`IsIntInRange(1, ${INT_MAX})`];
    },
    api: { type: "'integer'", description: `'The id of an existing ${parent.word}.'` },
  };
}

function samplesOf(field: Field): { sample: string; invalid: string } {
  switch (field.type) {
    case 'string':
      return { sample: textSample(field), invalid: `'x'.repeat(${(field.length ?? 255) + 1})` };
    case 'text':
      return { sample: textSample(field), invalid: '42' };
    case 'int': {
      if (!isBounded(field)) return { sample: 'n', invalid: '1.5' };
      return { sample: wholeSample(wholeNumbersWithin(field, INT_MIN, INT_MAX)), invalid: '1.5' };
    }
    case 'float': {
      if (!isBounded(field)) return { sample: 'n + 0.5', invalid: "'1.5'" };
      const { lowest, count } = wholeNumbersWithin(field, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      // n + 0.5 from the lowest whole number on, below the highest: within bounds that are not whole too.
      const sample =
        count >= 2
          ? `${lowest} + (n % ${count - 1}) + 0.5`
          : String(((field.min ?? 0) + (field.max ?? 0)) / 2);
      return { sample, invalid: "'1.5'" };
    }
    case 'decimal': {
      const scale = field.scale ?? 2;
      const invalid = `'1.${'1'.repeat(scale + 1)}'`;
      if (isBounded(field)) {
        const digits = Math.min((field.precision ?? 12) - scale, 9);
        const { lowest, count } = wholeNumbersWithin(field, 1 - 10 ** digits, 10 ** digits - 1);
        // Written as the database reads it back: with every decimal of the scale.
        const zeros = scale > 0 ? `.${'0'.repeat(scale)}` : '';
        const sample =
          count > 1
            ? `\`\${${wholeSample({ lowest, count })}}${zeros}\``
            : quote(count === 1 ? `${lowest}${zeros}` : exampleDecimal(field));
        return { sample, invalid };
      }
      const whole = (field.precision ?? 12) - scale;
      const fraction = scale > 0 ? `.${'5'.padEnd(scale, '0')}` : '';
      // Different for each n the digits allow (100 values at least: a unique one is 2 digits or more), so that a
      // unique one does not clash: the whole part when it has 2 digits or more, else the decimals too.
      const decimals = (of: string) =>
        `\${String(${of} % ${10 ** Math.min(scale, 9)}).padStart(${scale}, '0')}`;
      return {
        sample:
          whole >= 2 || scale === 0
            ? `\`\${n % ${10 ** Math.min(whole, 9)}}${fraction}\``
            : whole === 1
              ? `\`\${n % 10}.${decimals('Math.floor(n / 10)')}\``
              : `\`0.${decimals('n')}\``,
        invalid,
      };
    }
    case 'boolean':
      return { sample: 'n % 2 === 0', invalid: "'yes'" };
    case 'date':
      return {
        sample: 'new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)',
        invalid: "'2026-02-30'",
      };
    case 'datetime':
      return {
        sample: 'new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString()',
        invalid: "'2026-01-31T12:00:00'",
      };
    case 'uuid':
      return { sample: "`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`", invalid: "'not-a-uuid'" };
    case 'json':
      return { sample: '{ n, tags: [`tag ${n}`] }', invalid: "'text'" };
    case 'enum': {
      const values = field.values ?? [];
      return {
        sample: `([${values.map(quote).join(', ')}] as const)[n % ${values.length}]`,
        invalid: "'NOT_A_VALUE'",
      };
    }
    case 'references':
      return { sample: `parents.${field.foreignKey}`, invalid: '0' };
    case 'many':
      throw new Error(`${field.name}: a many field has no column (see many-relations.ts)`);
  }
}

const isBounded = (field: Field) => field.min !== undefined || field.max !== undefined;

/**
 * The whole numbers a bounded number's samples take: from the lowest within its bounds (and `floor`..`ceiling`),
 * at most a million of them.
 */
function wholeNumbersWithin(field: Field, floor: number, ceiling: number): { lowest: number; count: number } {
  const lowest = Math.max(Math.ceil(field.min ?? (field.max ?? 0) - 1_000_000), floor);
  const highest = Math.min(Math.floor(field.max ?? lowest + 1_000_000), ceiling);
  return { lowest, count: Math.max(Math.min(highest - lowest + 1, 1_000_000), 0) };
}

/** The n-th of `count` whole numbers from `lowest` (`n % 100`, `1 + (n % 5)`), as code. */
function wholeSample({ lowest, count }: { lowest: number; count: number }): string {
  if (count === 1) return String(lowest);
  return lowest === 0 ? `n % ${count}` : `${lowest} + (n % ${count})`;
}

/** `${title} ${n}` where it fits the length (a short one in base 36), padded to the field's `:min`. */
function textSample(field: Field): string {
  const { min, max } = lengthBounds(field);
  // Short ones in base 36, so that a unique one still differs for each n (36^N values).
  const readable = max >= field.name.length + 5;
  const sample = readable ? `\`${field.name} \${n}\`` : `n.toString(36).slice(-${max})`;
  const shortest = readable ? field.name.length + 2 : 1;
  return min > shortest ? `${sample}.padEnd(${min}, '.')` : sample;
}

/** A value just past each of the field's `:min` and `:max`, with the message that refuses it. */
function outOfBoundsOf(field: Field): Array<{ value: string; message: string }> {
  const { name, min, max } = field;
  const cases: Array<{ value: string; message: string }> = [];
  switch (field.type) {
    case 'int': {
      const range = `${name} must be an integer between ${min ?? INT_MIN} and ${max ?? INT_MAX}`;
      if (min !== undefined && min > INT_MIN) cases.push({ value: String(min - 1), message: range });
      if (max !== undefined && max < INT_MAX) cases.push({ value: String(max + 1), message: range });
      break;
    }
    case 'float': {
      const message = `${name} must be a finite number${rangeText(min, max)}`;
      if (min !== undefined) cases.push({ value: String(min - 1), message });
      if (max !== undefined) cases.push({ value: String(max + 1), message });
      break;
    }
    case 'decimal':
      if (min !== undefined) {
        cases.push({ value: quote(String(min - 1)), message: `${name} must not be less than ${min}` });
      }
      if (max !== undefined) {
        cases.push({ value: quote(String(max + 1)), message: `${name} must not be greater than ${max}` });
      }
      break;
    case 'string':
    case 'text':
      if (min !== undefined && min > 0) {
        cases.push({
          value: `'x'.repeat(${min - 1})`,
          message: `${name} must be longer than or equal to ${min} characters`,
        });
      }
      if (max !== undefined) {
        cases.push({
          value: `'x'.repeat(${max + 1})`,
          message: `${name} must be shorter than or equal to ${max} characters`,
        });
      }
      break;
    default:
      break;
  }
  return cases.map(({ value, message }) => ({ value, message: quote(message) }));
}

function columnCode(field: Field, code: TypeCode, parent?: ParentType): string {
  let column = parent ? `integer('${field.column}')` : code.column;
  if (!field.nullable) column += '.notNull()';
  if (parent)
    column += `.references(() => ${parent.names}.id, { onDelete: '${field.onDelete ?? 'restrict'}' })`;
  if (field.unique) column += '.unique()';
  if (field.defaultValue !== undefined) {
    const value = field.defaultValue;
    // An enum column takes a member of its TypeScript enum (`BookGenre.FICTION`), not the bare string.
    const literal =
      field.type === 'enum'
        ? `${code.type}.${String(value)}`
        : typeof value === 'string'
          ? quote(value)
          : String(value);
    column += `.default(${literal})`;
  }
  return column;
}

function apiProperty(
  { api, type }: Pick<TypeCode, 'api' | 'type'>,
  { nullable, optional = false }: { nullable: boolean; optional?: boolean },
): string {
  // `string | null` and `boolean | null` reflect as Object: @nestjs/swagger would document an object.
  const reflectedAsObject =
    nullable && !api.type && !api.oneOf && !api.enum && (type === 'string' || type === 'boolean');
  const options = reflectedAsObject ? { type: `'${type}'`, ...api } : api;
  const entries = Object.entries({ ...options, ...(nullable ? { nullable: 'true' } : {}) });
  const body =
    entries.length > 0 ? `{ ${entries.map(([key, value]) => `${key}: ${value}`).join(', ')} }` : '';
  return `@${optional || nullable ? 'ApiPropertyOptional' : 'ApiProperty'}(${body})`;
}

/** `12.50` for decimal{10,2}: a value every precision and scale accepts, within the field's bounds. */
function exampleDecimal({ precision = 12, scale = 2, min, max }: Field): string {
  const whole = precision - scale >= 2 ? 12 : precision - scale === 1 ? 1 : 0;
  const within = Math.min(Math.max(whole, Math.ceil(min ?? whole)), Math.floor(max ?? whole));
  const fraction = scale === 0 ? '' : `.${'50'.padEnd(scale, '0').slice(0, scale)}`;
  // A bound that leaves no whole number with these decimals (`:min=0.1:max=0.2`): the lower bound itself.
  const example = `${within}${fraction}`;
  const fits = (min === undefined || Number(example) >= min) && (max === undefined || Number(example) <= max);
  return fits ? example : (min ?? max ?? 0).toFixed(scale);
}

/** A decimal's `:min` / `:max` rules (`DecimalMin(1)`), which field-validators.ts compares exactly. */
function decimalBoundRules(field: Field, to: Imports): string[] {
  const rules = [
    ...(field.min === undefined ? [] : [`DecimalMin(${field.min})`]),
    ...(field.max === undefined ? [] : [`DecimalMax(${field.max})`]),
  ];
  if (rules.length > 0)
    to.add(
      FROM.validators,
      rules.map((rule) => rule.replace(/\(.*$/, '')),
    );
  return rules;
}

/** OpenAPI's `minimum` / `maximum` of a bounded number. */
function valueApi({ min, max }: Field): Record<string, string> {
  return {
    ...(min === undefined ? {} : { minimum: String(min) }),
    ...(max === undefined ? {} : { maximum: String(max) }),
  };
}

/** OpenAPI's lengths of a string: `minLength` when `:min` is given, `maxLength` always. */
function lengthApi(field: Field, max: number): Record<string, string> {
  return { ...(field.min === undefined ? {} : { minLength: String(field.min) }), maxLength: String(max) };
}

/** ` from 0 to 100`, ` of 0 or more`: a decimal's bounds, for its description. */
function boundsText({ min, max }: Field): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of ${min} or more`;
  return max === undefined ? '' : ` of ${max} or less`;
}

export const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
