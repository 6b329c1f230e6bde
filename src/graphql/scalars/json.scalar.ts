import { GraphQLScalarType } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';

/**
 * `JSON`: graphql-scalars' JSON value, described as the schema-first endpoint's shared-types.graphql describes it,
 * so that both endpoints and the committed schema print alike.
 */
export const JSONScalar = new GraphQLScalarType({
  ...GraphQLJSON.toConfig(),
  description: 'A JSON value.',
  specifiedByURL: undefined,
});
