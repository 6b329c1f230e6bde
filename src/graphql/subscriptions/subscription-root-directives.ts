import { ApolloServerErrorCode } from '@apollo/server/errors';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
} from 'graphql';

const SKIP_OR_INCLUDE = /@\s*(?:skip|include)\b/;

/**
 * A subscription's root fields may not carry `@skip` or `@include` (the spec's "Single root field": which field a
 * subscription streams cannot depend on variables). graphql-js 16's SingleFieldSubscriptionsRule evaluates those
 * directives without variables and throws rather than reporting (`@include(if: $on)`), or lets the document
 * through with no root field left (`@skip(if: true)`), which then fails as it runs. graphql-js 17 refuses them
 * with this message; until then this check runs before validation, on both transports.
 */
export function subscriptionRootDirectiveErrors(document: DocumentNode): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return document.definitions
    .filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'subscription',
    )
    .filter((operation) => hasRootSkipOrInclude(operation.selectionSet, fragments, new Set()))
    .map(
      (operation) =>
        new GraphQLError(
          `${operation.name ? `Subscription "${operation.name.value}"` : 'Anonymous Subscription'} must not use ` +
            '`@skip` or `@include` directives in the top level selection.',
          { nodes: operation, extensions: { code: ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED } },
        ),
    );
}

/**
 * For an HTTP request, before Apollo validates its document: a GraphQLError that Apollo answers with 400. The
 * text is parsed only when it could hold such a directive; a document that does not parse is left to Apollo.
 */
export function assertNoSubscriptionRootDirectives(query: unknown): void {
  if (typeof query !== 'string' || !SKIP_OR_INCLUDE.test(query) || !query.includes('subscription')) return;
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return;
  }
  const [error] = subscriptionRootDirectiveErrors(document);
  if (error) {
    throw new GraphQLError(error.message, { extensions: { ...error.extensions, http: { status: 400 } } });
  }
}

function hasRootSkipOrInclude(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): boolean {
  return selectionSet.selections.some((selection) => {
    if (selection.directives?.some(({ name }) => name.value === 'skip' || name.value === 'include'))
      return true;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      return hasRootSkipOrInclude(selection.selectionSet, fragments, seen);
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) return false;
      seen.add(name);
      return hasRootSkipOrInclude(fragment.selectionSet, fragments, seen);
    }
    return false;
  });
}
