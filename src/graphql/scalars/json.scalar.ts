import { GraphQLScalarType, type ValueNode } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';

/**
 * The value with every object rebuilt as a plain one: graphql-scalars makes an inline object literal
 * (`metadata: {a: 1}`) with no prototype, which Drizzle cannot write (it asks each value for its constructor).
 */
function withPlainObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPlainObjects);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withPlainObjects(entry)]));
}

/**
 * `JSON`: graphql-scalars' JSON value, described as the schema-first endpoint's shared-types.graphql describes it,
 * so that both endpoints and the committed schema print alike. Inline literals come out as plain objects, like
 * values sent in variables.
 */
export const JSONScalar = new GraphQLScalarType({
  ...GraphQLJSON.toConfig(),
  description: 'A JSON value.',
  specifiedByURL: undefined,
  parseLiteral: (ast: ValueNode, variables?: Record<string, unknown> | null) =>
    withPlainObjects(GraphQLJSON.parseLiteral(ast, variables)),
});
