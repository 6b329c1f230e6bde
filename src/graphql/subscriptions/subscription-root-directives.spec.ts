import { GraphQLError, parse } from 'graphql';
import {
  assertNoSubscriptionRootDirectives,
  subscriptionRootDirectiveErrors,
} from './subscription-root-directives';

const messagesOf = (query: string) =>
  subscriptionRootDirectiveErrors(parse(query)).map((error) => error.message);

describe(subscriptionRootDirectiveErrors.name, () => {
  it.each([
    ['on the field', 'subscription S { postAdded @skip(if: true) { id } }'],
    ['with a variable', 'subscription S($on: Boolean!) { postAdded @include(if: $on) { id } }'],
    ['on an inline fragment', 'subscription S { ... @include(if: true) { postAdded { id } } }'],
    [
      'inside an inline fragment',
      'subscription S { ... on Subscription { postAdded @skip(if: false) { id } } }',
    ],
    [
      'on a spread',
      'subscription S { ...F @skip(if: false) } fragment F on Subscription { postAdded { id } }',
    ],
    [
      'inside a fragment',
      'subscription S { ...F } fragment F on Subscription { postAdded @skip(if: true) { id } }',
    ],
  ])('should refuse @skip or @include at the root of a subscription: %s', (_case, query) => {
    expect(messagesOf(query)).toEqual([
      'Subscription "S" must not use `@skip` or `@include` directives in the top level selection.',
    ]);
  });

  it('should name an anonymous subscription so', () => {
    expect(messagesOf('subscription { postAdded @skip(if: true) { id } }')).toEqual([
      'Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.',
    ]);
  });

  it.each([
    ['below the root field', 'subscription { postAdded { id @skip(if: true) } }'],
    ['in a query', 'query { authors @skip(if: true) { totalCount } }'],
    [
      'in a fragment a query spreads',
      'query { ...F } subscription { postAdded { id } } fragment F on Query { a @skip(if: true) }',
    ],
    [
      'in fragments that spread each other',
      'subscription { ...A } fragment A on Subscription { ...B } fragment B on Subscription { ...A }',
    ],
  ])('should leave them %s', (_case, query) => {
    expect(messagesOf(query)).toEqual([]);
  });
});

describe(assertNoSubscriptionRootDirectives.name, () => {
  it('should throw a GraphQL validation error that Apollo answers with 400', () => {
    const thrown = (() => {
      try {
        assertNoSubscriptionRootDirectives('subscription { postAdded @skip(if: true) { id } }');
      } catch (error) {
        return error;
      }
    })();

    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      http: { status: 400 },
    });
  });

  it.each([
    undefined,
    42,
    'subscription { postAdded { id } }',
    'subscription { @skip(',
    '{ a @skip(if: true) }',
  ])('should leave %p to Apollo', (query) => {
    expect(() => assertNoSubscriptionRootDirectives(query)).not.toThrow();
  });
});
