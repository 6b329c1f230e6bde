import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';

/** A variable the operation declares but the request gives no value (validation reads literals before any has one). */
function isUnset(ast: ValueNode, variables?: Record<string, unknown> | null): boolean {
  return ast.kind === Kind.VARIABLE && variables?.[ast.name.value] === undefined;
}

/**
 * An inline literal (`metadata: {a: 1, b: [$x]}`) as the JSON value it writes, every object a plain one (Drizzle
 * asks each value for its constructor; graphql-scalars makes them without a prototype). A bare word (`DRAFT`, an
 * enum value to GraphQL), which JSON cannot hold, is refused where graphql-scalars dropped it. A variable without a
 * value is what GraphQL makes it in an input object or a list: the field left out, the item null.
 */
function parseJsonLiteral(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((item) => (isUnset(item, variables) ? null : parseJsonLiteral(item, variables)));
    case Kind.OBJECT:
      return Object.fromEntries(
        ast.fields
          .filter((field) => !isUnset(field.value, variables))
          .map((field) => [field.name.value, parseJsonLiteral(field.value, variables)]),
      );
    case Kind.VARIABLE:
      return variables?.[ast.name.value] ?? null;
    case Kind.ENUM: {
      const word = ast.value;
      throw new GraphQLError(`JSON cannot hold the bare word ${word}: write it as a string, "${word}"`, {
        nodes: ast,
      });
    }
  }
}

/**
 * `JSON`: graphql-scalars' JSON value, described as the schema-first endpoint's shared-types.graphql describes it,
 * so that both endpoints and the committed schema print alike; inline literals read as parseJsonLiteral reads them.
 */
export const JSONScalar = new GraphQLScalarType({
  ...GraphQLJSON.toConfig(),
  description: 'A JSON value.',
  specifiedByURL: undefined,
  parseLiteral: parseJsonLiteral,
});
