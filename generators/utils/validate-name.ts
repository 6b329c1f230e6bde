import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { namesOf } from './names';

// Words that cannot name a class, a variable or a GraphQL type, or that would shadow a global the generated code uses.
const RESERVED = new Set(
  [
    // JavaScript and TypeScript
    'abstract arguments as async await boolean break case catch class const constructor continue debugger declare',
    'default delete do else enum eval export extends false finally for from function get if implements import in',
    'infer instanceof interface is keyof let module namespace never new null number object of package private',
    'protected public readonly require return set static string super switch symbol this throw true try type',
    'typeof undefined unique unknown var void while with yield any bigint',
    // globals and GraphQL built-ins
    'array date error function map math number object promise proxy reflect regexp set string symbol json',
    'query mutation subscription int float id node edge',
    // the app's own folders
    'app auth common config database graphql health main test users user',
  ]
    .join(' ')
    .split(' '),
);

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*$/;
/** A name in any case style: `BookReview`, `bookReview`, `book-review`, `book_review`. */
const ANY_CASE_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*$/;

/**
 * A problem with a generator's name argument, or undefined when it is usable.
 * The message says what is wrong and what is allowed, since it is all the user sees.
 */
export function identifierProblem(raw: unknown, what: string, example: string): string | undefined {
  return nameShapeProblem(raw, what, example, IDENTIFIER, 'an identifier of letters and digits');
}

function nameShapeProblem(
  raw: unknown,
  what: string,
  example: string,
  shape: RegExp,
  described: string,
): string | undefined {
  const value = typeof raw === 'string' ? raw : '';
  if (value === '') return `${what} is required (for example ${example})`;
  if (/[/\\.]/.test(value))
    return `${what} must be a plain name, not a path: "${value}" (for example ${example})`;
  if (!shape.test(value)) {
    return `${what} must be ${described}, starting with a letter: "${value}" (for example ${example})`;
  }
  if (RESERVED.has(value.toLowerCase())) {
    return `${what} "${value}" is a reserved word or an existing part of the app; choose another (for example ${example})`;
  }
  return undefined;
}

/** As `identifierProblem`, in any case style: `RequestTiming`, `requestTiming`, `request-timing`, `request_timing`. */
export function anyCaseNameProblem(raw: unknown, what: string, example: string): string | undefined {
  return nameShapeProblem(
    raw,
    what,
    example,
    ANY_CASE_NAME,
    'a name of letters and digits, words joined in any case style (BookReview, book-review, book_review)',
  );
}

/**
 * As `anyCaseNameProblem`, and the name must have distinct singular and plural forms (a feature's item and list).
 */
export function nameProblem(raw: unknown, what: string, example: string): string | undefined {
  const problem = anyCaseNameProblem(raw, what, example);
  if (problem) return problem;
  const value = String(raw);
  const names = namesOf(value);
  if (
    RESERVED.has(value.toLowerCase()) ||
    RESERVED.has(names.name.toLowerCase()) ||
    RESERVED.has(names.names.toLowerCase())
  ) {
    return `${what} "${value}" is a reserved word or an existing part of the app; choose another (for example ${example})`;
  }
  if (names.Name === names.Names) {
    return `${what} "${value}" has no distinct plural, so its list and item names would clash; choose another`;
  }
  return undefined;
}

/**
 * The feature folder must hold nothing yet (an empty one, left by a clean-up, is fine): a generator never
 * overwrites a feature.
 */
export function featureExistsProblem(root: string, folder: string): string | undefined {
  const path = join(root, folder);
  return existsSync(path) && readdirSync(path).length > 0
    ? `${folder} already exists: the feature is there, nothing was generated`
    : undefined;
}
