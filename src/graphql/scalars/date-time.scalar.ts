import { GraphQLScalarType } from 'graphql';
import { GraphQLDateTime } from 'graphql-scalars';

/**
 * `DateTime`: graphql-scalars' RFC 3339 date-time (an offset required on input, a Date in resolvers), described as
 * the schema-first endpoint's shared-types.graphql describes it, so that both endpoints and the committed schema
 * print alike.
 */
export const DateTimeScalar = new GraphQLScalarType({
  ...GraphQLDateTime.toConfig(),
  description: 'An instant as an RFC 3339 date-time; an offset is required.',
  specifiedByURL: undefined,
});
