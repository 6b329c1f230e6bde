import { Directive } from '@nestjs/graphql';
import {
  DirectiveLocation,
  getDirectiveValues,
  type GraphQLField,
  GraphQLDirective,
  GraphQLInt,
  GraphQLNonNull,
} from 'graphql';

/** Characters a cost unit stands for: a leaf counts one per value, a long one one per this many characters. */
export const CHARS_PER_COST_UNIT = 1024;

/**
 * `@maxSize` declares that a field's value can be long (a text, a JSON document), next to the field, in both
 * schema styles: code-first with the `@MaxSize()` decorator below, schema-first in SDL (`max-size.graphql`; a unit
 * test keeps the two definitions equal). The cost rule (graphql-limits.ts) counts such a value by its size:
 * without it, a page of 100 texts of 100 000 characters would cost as much as a page of 100 ids.
 */
export const MaxSizeDirective = new GraphQLDirective({
  name: 'maxSize',
  description: `The most characters of a field's value; the query cost limit counts one per ${CHARS_PER_COST_UNIT} of them.`,
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    chars: { type: new GraphQLNonNull(GraphQLInt), description: 'The most characters, enforced on input.' },
  },
});

/** Code-first: `@MaxSize(100000)` beside the `@Field` of a long text or a JSON document. */
export function MaxSize(chars: number): PropertyDecorator & MethodDecorator {
  return Directive(`@maxSize(chars: ${chars})`);
}

const weights = new WeakMap<GraphQLField<unknown, unknown>, number>();

/** What one value of the field counts in the cost limit: 1, or its declared size in cost units. */
export function costOfValue(field: GraphQLField<unknown, unknown>): number {
  let weight = weights.get(field);
  if (weight === undefined) {
    const size =
      field.astNode && (getDirectiveValues(MaxSizeDirective, field.astNode) as { chars: number } | undefined);
    weight = size ? Math.max(1, Math.ceil(size.chars / CHARS_PER_COST_UNIT)) : 1;
    weights.set(field, weight);
  }
  return weight;
}
