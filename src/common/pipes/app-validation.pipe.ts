import { ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';

/**
 * How deep objects and arrays may nest in a request's value: far beyond any real document, far below the depth
 * at which class-transformer, which walks every level by recursion, overflows the stack (~1 300 levels, a 3 kB
 * body).
 */
export const MAX_NESTING = 64;

/** Keys that Nest's ValidationPipe deletes from every value against prototype pollution: refused, not lost. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What no handler can take from a request's value, named after the property it is in: objects and arrays nested
 * deeper than MAX_NESTING, or a reserved key. One walk with its own stack, so the value's depth cannot overflow
 * this one either.
 */
export function valueProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  // Each entry: an object, its depth, and what a message calls it (the property of the value it is in).
  const stack: Array<[object, number, string]> = [[value, 1, 'the value']];
  while (stack.length > 0) {
    const [current, depth, currentName] = stack.pop()!;
    if (ArrayBuffer.isView(current)) continue; // bytes (a Buffer): no keys to look at, only indices
    if (depth > MAX_NESTING) {
      return `${currentName} nests objects or arrays more than ${MAX_NESTING} levels deep`;
    }
    for (const key of Object.keys(current)) {
      const childName = depth === 1 && !Array.isArray(current) ? key : currentName;
      if (RESERVED_KEYS.has(key)) {
        return `${childName} holds the key "${key}" (__proto__, constructor and prototype are not accepted)`;
      }
      const child: unknown = (current as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1, childName]);
    }
  }
  return undefined;
}

/**
 * The one validation pipe at the edge (APP_PIPE): DTOs are validated here, services trust their input. Unknown
 * properties are stripped, and plain values become the DTO class (so defaults and transforms apply).
 * Before Nest's pipe: a value too deep to transform, or with a key it would silently delete, is a 400 that says
 * so (valueProblem). Route params and query values are left as text for their own pipe (ParseIdPipe, ParseBoolPipe) to parse:
 * Nest's implicit conversion (`+value`) would have turned `/books/0x1` into book 1 before ParseIdPipe saw it.
 */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, transform: true });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const problem = this.isFromTheClient(metadata) ? valueProblem(value) : undefined;
    if (problem) throw new BadRequestException([problem]);
    return super.transform(value, metadata);
  }

  /** What a request carries: a body, a query, route params, or GraphQL arguments of a class (not `@Info()`). */
  private isFromTheClient(metadata: ArgumentMetadata): boolean {
    const { type, metatype } = metadata;
    return (
      type === 'body' || type === 'query' || type === 'param' || (!!metatype && this.toValidate(metadata))
    );
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' || metadata.type === 'query'
      ? value
      : super.transformPrimitive(value, metadata);
  }
}

export const createAppValidationPipe = () => new AppValidationPipe();
