import { ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage, type ValidationError } from 'class-validator';

/**
 * How deep objects and arrays may nest in a request's value: far beyond any real document, far below the depth
 * at which class-transformer, which walks every level by recursion, overflows the stack (~1 300 levels, a 3 kB
 * body).
 */
export const MAX_NESTING = 64;

/**
 * Keys that Nest's ValidationPipe deletes, at every depth, from a value it validates against a class (against
 * prototype pollution). Below the top level, in a JSON document, that would lose data without a word.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What no handler can take from a request's value, named after its top-level property: objects and arrays nested
 * deeper than MAX_NESTING, or a reserved key below the top level (a top-level one is an unknown property like any
 * other, dropped without a word). Iterative, so that it stops at the limit whatever the depth.
 */
export function valueProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  // Each entry: an object, its depth, and what a message calls it (the top-level property it is in).
  const stack: Array<[object, number, string]> = [[value, 1, 'the value']];
  while (stack.length > 0) {
    const [current, depth, name] = stack.pop()!;
    if (depth > MAX_NESTING) return `${name} nests objects or arrays more than ${MAX_NESTING} levels deep`;
    if (Array.isArray(current)) {
      // Values, not keys: an array's keys are its indices, and Object.values skips the holes of a sparse one.
      for (const item of Object.values(current) as unknown[]) {
        if (typeof item === 'object' && item !== null) stack.push([item, depth + 1, name]);
      }
      continue;
    }
    for (const [key, child] of Object.entries(current) as Array<[string, unknown]>) {
      const childName = depth === 1 ? key : name;
      if (depth > 1 && RESERVED_KEYS.has(key)) {
        return `${childName} holds the key "${key}" (__proto__, constructor and prototype are not accepted)`;
      }
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1, childName]);
    }
  }
  return undefined;
}

/**
 * What a query string's shape says is wrong before its values are read: a name with brackets (below), a parameter
 * the query class (`dto`) does not take (`GET /books?title=Dune` would otherwise answer every book, as if
 * filtered), or one given twice where it takes one value (`?limit=5&limit=6` arrives as an array, which the rule
 * would only call "not an integer").
 */
export function queryProblem(query: unknown, dto?: unknown): string | undefined {
  const bracketed = bracketedQueryParameter(query);
  // A plain object type (`@Query() query: Record<string, unknown>`) takes whatever comes.
  if (
    bracketed ||
    typeof query !== 'object' ||
    query === null ||
    typeof dto !== 'function' ||
    dto === Object
  ) {
    return bracketed;
  }
  // The properties the class validates: the parameters it takes (the pipe would strip any other without a word).
  // None for one parameter's own type (`@Query('to') to: string`), whose value is not the whole query.
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const known = new Set(rules.map((rule) => rule.propertyName));
  const unknown = Object.keys(query).find((key) => !known.has(key));
  if (known.size > 0 && unknown !== undefined) {
    return `${unknown} is not a query parameter of this route; it takes ${[...known].join(', ')}`;
  }
  const repeated = Object.entries(query).find(
    ([key, value]) =>
      Array.isArray(value) && Reflect.getMetadata('design:type', dto.prototype as object, key) !== Array,
  );
  return repeated && `${repeated[0]} is given more than once: give it once`;
}

/**
 * A query parameter named with brackets (`genre[]=A`, `filter[name]=x`: what qs-style clients such as axios send
 * for arrays and objects). Express reads such a name as it is, so it would be an unknown parameter, dropped without
 * a word, and a list would come back unfiltered.
 */
export function bracketedQueryParameter(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const name = Object.keys(query).find((key) => key.includes('['));
  if (name === undefined) return undefined;
  const plainName = name.slice(0, name.indexOf('['));
  return `${name} is not a query parameter: names take no brackets (send ${plainName}=…)`;
}

/**
 * The one validation pipe at the edge (APP_PIPE): DTOs are validated here, services trust their input. Unknown
 * properties are stripped, and plain values become the DTO class (so defaults and transforms apply).
 * Before Nest's pipe, a value it cannot transform, or that would lose a key unnoticed, is a 400 that says so
 * (valueProblem). Route params and query values stay text where their type is a number or a boolean, for their
 * own pipe (ParseIdPipe, ParseBoolPipe) to parse: Nest's implicit `+value` turned `/books/0x1` into book 1, and
 * `?accepted=yes` into false, before those pipes saw them.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, transform: true });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Every value a request carries, REST or GraphQL arguments; `custom` is a decorator's own (@CurrentUser()).
    const problem =
      metadata.type === 'custom'
        ? undefined
        : ((metadata.type === 'query' ? queryProblem(value, metadata.metatype) : undefined) ??
          valueProblem(value));
    if (problem) throw new BadRequestException([problem]);
    return super.transform(value, metadata);
  }

  /** A missing value that must be given (`@IsRequired()`) is said once: "pages is required", not every rule. */
  protected override flattenValidationErrors(validationErrors: ValidationError[]): string[] {
    return super.flattenValidationErrors(validationErrors.map(onlyRequired));
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    const { type, metatype } = metadata;
    const leftToItsPipe =
      (type === 'param' || type === 'query') && (metatype === Number || metatype === Boolean);
    return leftToItsPipe ? value : super.transformPrimitive(value, metadata);
  }
}

/** The error with only its `isDefined` message where it has one, at every depth. */
function onlyRequired(error: ValidationError): ValidationError {
  const required = error.constraints?.isDefined;
  return Object.assign(error, {
    constraints: required === undefined ? error.constraints : { isDefined: required },
    children: error.children?.map(onlyRequired),
  });
}
