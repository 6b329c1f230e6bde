import { IsDefined, ValidateBy, type ValidationOptions } from 'class-validator';
import { isCalendarDate } from './calendar-date';
import { rangeText } from './range-text';

/**
 * Checks for the field types the generators emit that class-validator has no single rule for, each with one
 * message that says what is allowed. Shared by REST bodies and GraphQL inputs.
 */

// RFC 3339: ISO 8601 with a time and an explicit offset, so the instant is never a guess about the server's zone.
// Hours 00-23 and minutes and seconds 00-59, as RFC 3339 and the GraphQL DateTime scalar have them: Date.parse
// would also take 24:00 (as the next day).
const DATE_TIME_WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: isCalendarDate,
        defaultMessage: (args) => `${args?.property} must be a date as YYYY-MM-DD`,
      },
    },
    options,
  );
}

/** Characters as PostgreSQL counts them in a varchar: code points (a surrogate pair is one). */
function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** In unicode mode a surrogate pair is one code point, so this finds only the halves that stand alone. */
export const LONE_SURROGATE = /\p{Surrogate}/u;

/** What keeps a value from being stored as text of `min` to `max` characters, said after the property's name. */
function textProblem(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (it holds a lone surrogate)';
  const count = characterCount(value);
  if (count < min) return `must be longer than or equal to ${min} characters`;
  if (count > max) return `must be shorter than or equal to ${max} characters`;
  return undefined;
}

/**
 * Text as PostgreSQL stores it, in one rule with class-validator's messages for the length: a string of `min` to
 * `max` characters counted as a varchar counts them (class-validator's Length leaves out the variation selectors
 * U+FE0E and U+FE0F, so the column refused titles it took), without a NUL character (which PostgreSQL refuses) or a
 * lone surrogate (which it would store as U+FFFD).
 */
export function IsText(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isText',
      constraints: [min, max],
      validator: {
        validate: (value: unknown) => textProblem(value, min, max) === undefined,
        defaultMessage: (args) => `${args?.property} ${textProblem(args?.value, min, max)}`,
      },
    },
    options,
  );
}

/** An ISO 8601 date-time with an offset (`2026-01-31T12:00:00Z`, `…+01:00`) naming a real instant. */
export function isDateTimeWithOffset(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    DATE_TIME_WITH_OFFSET.test(value) &&
    isCalendarDate(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A date-time string with an offset becomes its Date; anything else is left for IsDateTimeWithOffset to refuse. */
export function toDateTime({ value }: { value: unknown }): unknown {
  return isDateTimeWithOffset(value) ? new Date(value as string) : value;
}

/**
 * The instants a date-time field stores and reads back unchanged: PostgreSQL cannot read a year past 9999 (as
 * `+010000-…`), and JavaScript misreads PostgreSQL's years 0 to 99 (`0099-12-31 23:30:00+00` as 1999).
 */
const FIRST_INSTANT = Date.UTC(100, 0, 1);
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * After `@Transform(toDateTime)` (REST) or the DateTime scalar (GraphQL): an ISO 8601 date-time with an offset,
 * in the years 100 to 9999 once in UTC.
 */
export function IsDateTimeWithOffset(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateTimeWithOffset',
      validator: {
        validate: (value: unknown) =>
          value instanceof Date && value.getTime() >= FIRST_INSTANT && value.getTime() <= LAST_INSTANT,
        defaultMessage: (args) =>
          `${args?.property} must be an ISO 8601 date-time with an offset, e.g. 2026-01-31T12:00:00Z, in the years 100 to 9999 (UTC)`,
      },
    },
    options,
  );
}

/** The most significant digits a JSON number (a double) carries exactly, whatever digits were sent. */
export const EXACT_DIGITS = 15;

/**
 * Whether the JSON number read as `value` can only have been sent as its own shortest text: at most 15 significant
 * digits below 10^15. `12345678901234.5678` reads as 12345678901234.568 and `9999999999999999` as 1e16, so a
 * number like those is kept as a number, for IsDecimalNumber to refuse by name.
 */
export function isExactJsonNumber(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) >= 10 ** EXACT_DIGITS) return false;
  const [mantissa] = String(Math.abs(value)).split('e');
  return mantissa.replace('.', '').replace(/^0+/, '').length <= EXACT_DIGITS;
}

/** PostgreSQL numeric's most digits in a column (`decimal{P,S}`: P ≤ 1000). */
const MAX_DECIMAL_DIGITS = 1000;

/**
 * A number literal with an exponent (GraphQL's `1.5e2`), written out exactly as decimal text (`150`), as a literal
 * without one is taken as written; undefined for anything else, and for an exponent past any decimal's digits.
 */
export function decimalTextOfLiteral(literal: string): string | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/.exec(literal);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_DECIMAL_DIGITS) return undefined;
  const digits = whole + fraction;
  // Where the point goes among the digits, padded with zeros on the side it moves past.
  const point = whole.length + exponent;
  const padded = point < 1 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const decimals = padded.slice(at);
  return `${sign}${integer}${decimals ? `.${decimals}` : ''}`;
}

/**
 * A JSON number as plain decimal text, as it was written (`19.99`; `1e-8` as `0.00000001`, which String() would
 * write in exponent form), or undefined when it has more digits than a double holds exactly.
 */
export function decimalTextOf(value: number): string | undefined {
  if (!isExactJsonNumber(value)) return undefined;
  const text = String(value);
  // Below 10^15 (isExactJsonNumber), String() writes an exponent only for small numbers: `1.5e-7`.
  return decimalTextOfLiteral(text) ?? text;
}

/**
 * A decimal sent as a JSON number or a string (`19.99` or `"19.99"`) becomes its string, which is exact; a number
 * with more digits than a double keeps, and anything else, is left for the validator to refuse.
 */
export function toDecimalString({ value }: { value: unknown }): unknown {
  return (typeof value === 'number' && decimalTextOf(value)) || value;
}

/** A number with a zero before another digit, as a string (`007`, `-00.5`). */
const LEADING_ZERO = /^-?0\d+(\.\d+)?$/;

/** A number in exponent notation, as a string (`1e2`, `-1.5E-3`). */
const EXPONENT_FORM = /^[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+$/i;

/** At most `precision` digits, `scale` of them after the point (PostgreSQL's numeric(P,S)). */
export function IsDecimalNumber(
  precision: number,
  scale: number,
  options?: ValidationOptions,
): PropertyDecorator {
  const whole = precision - scale;
  const integerPart = whole === 0 ? '0' : `(0|[1-9]\\d{0,${whole - 1}})`;
  const fractionPart = scale === 0 ? '' : `(\\.\\d{1,${scale}})?`;
  const pattern = new RegExp(`^-?${integerPart}${fractionPart}$`);
  return ValidateBy(
    {
      name: 'isDecimalNumber',
      constraints: [precision, scale],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && pattern.test(value),
        defaultMessage: (args) => {
          const allowed = `at most ${whole} digits before the point and ${scale} after`;
          if (typeof args?.value === 'number' && Number.isFinite(args.value)) {
            return `${args.property} has more digits than a JSON number holds exactly (${EXACT_DIGITS}): send it as a string, e.g. "12345678901234.5678"`;
          }
          // "1e2" and "007" are numbers to JavaScript, not the column's text: say which rule they break.
          const text = typeof args?.value === 'string' ? args.value.trim() : '';
          if (EXPONENT_FORM.test(text)) {
            return `${args?.property} must be written out in digits, without an exponent ("1.5e2" as "150"), with ${allowed}`;
          }
          if (LEADING_ZERO.test(text)) {
            return `${args?.property} must be written without leading zeros ("7.5", not "007.5"), with ${allowed}`;
          }
          return `${args?.property} must be a decimal number with ${allowed}`;
        },
      },
    },
    options,
  );
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Two decimal texts compared exactly (-1, 0 or 1; a double would round), or undefined when one is not one. */
export function compareDecimalTexts(a: string, b: string): number | undefined {
  const [left, right] = [DECIMAL_TEXT.exec(a), DECIMAL_TEXT.exec(b)];
  if (!left || !right) return undefined;
  const scale = Math.max(left[3]?.length ?? 0, right[3]?.length ?? 0);
  const scaled = ([, sign, whole, fraction = '']: RegExpExecArray) =>
    BigInt(`${sign}${whole}${fraction.padEnd(scale, '0')}`);
  const [x, y] = [scaled(left), scaled(right)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A decimal's `:min`: class-validator's Min for the decimal text IsDecimalNumber checks, compared exactly. */
export function DecimalMin(min: number, options?: ValidationOptions): PropertyDecorator {
  return decimalBound('decimalMin', min, (order) => order >= 0, `must not be less than ${min}`, options);
}

/** A decimal's `:max`, as DecimalMin. */
export function DecimalMax(max: number, options?: ValidationOptions): PropertyDecorator {
  return decimalBound('decimalMax', max, (order) => order <= 0, `must not be greater than ${max}`, options);
}

function decimalBound(
  name: string,
  bound: number,
  accepts: (order: number) => boolean,
  problem: string,
  options?: ValidationOptions,
): PropertyDecorator {
  const boundText = decimalTextOf(bound) ?? String(bound);
  return ValidateBy(
    {
      name,
      constraints: [bound],
      validator: {
        // What is not decimal text is IsDecimalNumber's to refuse, in its own words.
        validate: (value: unknown) => {
          const order = typeof value === 'string' ? compareDecimalTexts(value, boundText) : undefined;
          return order === undefined || accepts(order);
        },
        defaultMessage: (args) => `${args?.property} ${problem}`,
      },
    },
    options,
  );
}

/**
 * A JSON field's value as it was sent. class-transformer rebuilds every object it walks and leaves out the keys
 * that name a method of Object (`toString`, `hasOwnProperty`…): a document is stored as it came instead.
 */
export function keepJsonValue({ obj, key }: { obj: Record<string, unknown>; key: string }): unknown {
  return obj[key];
}

/** What is wrong with a JSON field's value, or undefined when it is a document of at most `maxBytes` bytes. */
function jsonDocumentProblem(value: unknown, maxBytes: number): string | undefined {
  const notADocument = `must be a JSON object or array of at most ${Math.floor(maxBytes / 1024)} kB`;
  if (typeof value !== 'object' || value === null) return notADocument;
  let tooLarge = false;
  let inexact = false;
  let unstorable = false;
  const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
  const text = JSON.stringify(value, (key, entry: unknown) => {
    // JSON.parse reads 1e400 as Infinity, which JSON.stringify would store as null.
    if (typeof entry === 'number' && !Number.isFinite(entry)) tooLarge = true;
    // Past 2^53 − 1 a double holds only some integers: 10000000000000001 reads as 10000000000000000, and no rule
    // on the number read can tell that from one sent as it is. An id of another system would be stored changed.
    else if (typeof entry === 'number' && Math.abs(entry) > Number.MAX_SAFE_INTEGER) inexact = true;
    if (isUnstorable(key) || (typeof entry === 'string' && isUnstorable(entry))) unstorable = true;
    return entry;
  });
  if (tooLarge) return 'holds a number too large for JSON (such as 1e400)';
  if (inexact) {
    return `holds a number past ±${Number.MAX_SAFE_INTEGER} (2^53 − 1), beyond which a JSON number does not carry every integer exactly: send it as a string`;
  }
  // jsonb refuses both (the query would fail with a message naming no field).
  if (unstorable)
    return 'holds text PostgreSQL cannot store: a NUL character (\\u0000) or half of a surrogate pair';
  return Buffer.byteLength(text) <= maxBytes ? undefined : notADocument;
}

/** A JSON object or array whose text is at most `maxBytes` bytes, every number in it finite and within ±(2^53 − 1). */
export function IsJsonDocument(maxBytes: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isJsonDocument',
      constraints: [maxBytes],
      validator: {
        validate: (value: unknown) => jsonDocumentProblem(value, maxBytes) === undefined,
        defaultMessage: (args) => `${args?.property} ${jsonDocumentProblem(args?.value, maxBytes)}`,
      },
    },
    options,
  );
}

/**
 * A finite JSON number, within `min` and `max` when given, in one message (class-validator's IsNumber says "a number
 * conforming to the specified constraints", and Min and Max would each add one for a value that is not a number).
 */
export function IsFiniteNumber(
  { min, max }: { min?: number; max?: number } = {},
  options?: ValidationOptions,
): PropertyDecorator {
  const range = rangeText(min, max);
  return ValidateBy(
    {
      name: 'isFiniteNumber',
      constraints: [min, max],
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' &&
          Number.isFinite(value) &&
          (min === undefined || value >= min) &&
          (max === undefined || value <= max),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a finite number${range}`,
      },
    },
    options,
  );
}

/**
 * A field that must be given: "pages is required" (or "pages cannot be null"). Where it fails, the validation pipe
 * keeps only this message: the field's other rules would each describe a value that is not there.
 */
export function IsRequired(): PropertyDecorator {
  return IsDefined({
    message: ({ property, value }) => `${property} ${value === null ? 'cannot be null' : 'is required'}`,
  });
}

/**
 * An integer from `min` to `max`: one rule and one message, where IsInt, Min and Max would each report a value
 * that is missing or not a number.
 */
export function IsIntInRange(
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  options?: ValidationOptions,
): PropertyDecorator {
  const range = max === Number.MAX_SAFE_INTEGER ? `, ${min} or more` : ` between ${min} and ${max}`;
  return ValidateBy(
    {
      name: 'isIntInRange',
      constraints: [min, max],
      validator: {
        validate: (value: unknown) =>
          Number.isInteger(value) && (value as number) >= min && (value as number) <= max,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be an integer${range}`,
      },
    },
    options,
  );
}

/**
 * Text (a query string, an environment variable): `true` and `false` become booleans; anything else is left for
 * the rule to refuse.
 */
export function toBoolean({ value }: { value: unknown }): unknown {
  return value === 'true' ? true : value === 'false' ? false : value;
}

/**
 * A paging value, from a query string (text) or GraphQL (a nullable argument: `offset: Int = 0` may be sent as
 * null): null, missing or empty is `fallback`; decimal digits become their integer; anything else (`0x10`, `1e2`,
 * which Number() would read) is left for the rule to refuse.
 */
export const toIntegerOr =
  (fallback: number) =>
  ({ value }: { value: unknown }): unknown => {
    if (value === null || value === undefined || value === '') return fallback;
    return typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  };

/**
 * Text (a query string, an environment variable): decimal digits become their integer; anything else (`0x10`, `1e3`,
 * an empty value, which Number() reads as 0) is left for the rule to refuse.
 */
export function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
}

/** The most ids a many field takes in one write (`tagIds`): a set replaced at once stays a bounded statement. */
export const MAX_IDS = 100;

/**
 * A set of ids (`tagIds` of a `many` field): a list of at most `max` integers from 1, one message for all of it.
 * Repeated ids are allowed (the set keeps one of each).
 */
export function IsIdList(max = MAX_IDS, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIdList',
      constraints: [max],
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.length <= max &&
          value.every((id) => Number.isInteger(id) && (id as number) >= 1 && (id as number) <= 2 ** 31 - 1),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a list of at most ${max} ids (integers from 1 to 2147483647)`,
      },
    },
    options,
  );
}
