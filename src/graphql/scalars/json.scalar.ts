import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';

/**
 * An inline literal (`metadata: {a: 1, b: [$x]}`) as the JSON value it writes, every object a plain one (Drizzle
 * asks each value for its constructor; graphql-scalars makes them without a prototype). What JSON cannot hold is
 * refused, where graphql-scalars would drop it: a bare word (`SOME_ENUM`, an enum value to GraphQL) and a variable
 * without a value.
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
      return ast.values.map((item) => parseJsonLiteral(item, variables));
    case Kind.OBJECT:
      return Object.fromEntries(
        ast.fields.map((field) => [field.name.value, parseJsonLiteral(field.value, variables)]),
      );
    case Kind.VARIABLE: {
      // Validation reads literals before variables have values: a variable's value is checked once it has one.
      if (!variables) return null;
      const value = variables[ast.name.value];
      if (value === undefined) {
        throw new GraphQLError(`JSON cannot hold $${ast.name.value}, which has no value`, { nodes: ast });
      }
      return value;
    }
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
