import { Directive } from '@nestjs/graphql';
import {
  DirectiveLocation,
  getDirectiveValues,
  type GraphQLField,
  GraphQLDirective,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';

/** How many items a list field can return: what the cost limit counts (graphql-limits.ts). */
export interface MaxItems {
  /** The most items the server returns (it enforces it: a validated `limit`, a capped query). */
  max: number;
  /**
   * The argument that sets the size: an Int (its value, or its default when left out) or a list (its length).
   * A variable or null counts as `max`: its value is not known when the document is checked.
   */
  sizedBy?: string;
  /** The bound applies to these list fields of the returned object instead (a page's `nodes` and `edges`). */
  sizedFields?: string[];
  /** For a list of lists: the most items of each inner list. */
  innerMax?: number;
}

/**
 * `@maxItems` declares a list field's bound next to the field, in both schema styles: code-first with the
 * `@MaxItems()` decorator below, schema-first in SDL (`src/graphql/max-items.graphql` defines it there; a unit
 * test keeps the two definitions equal). The cost rule reads it from the field's definition.
 */
export const MaxItemsDirective = new GraphQLDirective({
  name: 'maxItems',
  description: 'The most items a list field returns; the query cost limit counts this many.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    max: { type: new GraphQLNonNull(GraphQLInt), description: 'The most items, enforced by the server.' },
    sizedBy: {
      type: GraphQLString,
      description: 'The argument that sets the size: an Int (its value or default) or a list (its length).',
    },
    sizedFields: {
      type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
      description:
        "The returned object's list fields that this bound sizes instead (a page's nodes and edges).",
    },
    innerMax: { type: GraphQLInt, description: 'For a list of lists: the most items of each inner list.' },
  },
});

/** Code-first: `@MaxItems({ max: MAX_LIMIT, sizedBy: 'limit' })` above `@Query`, `@ResolveField` or `@Field`. */
export function MaxItems(bound: MaxItems): MethodDecorator & PropertyDecorator {
  // JSON literals (numbers, strings, arrays of strings) are GraphQL literals too.
  const args = Object.entries(bound).map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
  return Directive(`@maxItems(${args.join(', ')})`);
}

const declared = new WeakMap<GraphQLField<unknown, unknown>, MaxItems | null>();

/** The bound a field declares with `@maxItems`, if any (read once per field of a schema). */
export function maxItemsOf(field: GraphQLField<unknown, unknown>): MaxItems | undefined {
  let bound = declared.get(field);
  if (bound === undefined) {
    bound = field.astNode
      ? ((getDirectiveValues(MaxItemsDirective, field.astNode) as MaxItems | undefined) ?? null)
      : null;
    declared.set(field, bound);
  }
  return bound ?? undefined;
}
