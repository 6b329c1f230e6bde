import type { ApolloDriverConfig } from '@nestjs/apollo';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import { Measurer, usesVariables } from './graphql-limits';

// The plugin type as @nestjs/apollo sees it (its ESM copy of @apollo/server's types, not our CommonJS one).
type ApolloPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

/** The cost check of operations with variables, where their values are known; the subscription server uses it too. */
export interface CostLimit {
  /** The error refusing `operation` with these (raw) variables, or undefined when it costs no more than the limit. */
  refusal(
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown> | null | undefined,
  ): GraphQLError | undefined;
}

const COST_LIMITS = new WeakSet<object>();

/**
 * The cost limit of an operation with variables, which validation (graphqlLimitsRule) cannot price: it runs
 * before the variables are read, and Apollo skips it for a document it has validated before. A list sized by a
 * variable counts its value, or its default when left out, so `authors(limit: $limit)` with `{limit: 2}` costs
 * what `authors(limit: 2)` does, and a larger value is refused as its literal would be. Refused with the message
 * and the code of the validation rule, and HTTP 400, before any resolver runs. Variables that do not coerce are
 * left to the execution, which refuses them with BAD_USER_INPUT.
 */
export function costLimitPlugin(maxCost: number): ApolloPlugin & CostLimit {
  const refusal: CostLimit['refusal'] = (schema, document, operation, variables) => {
    if (!usesVariables(operation)) return undefined;
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
    if (coerced.errors) return undefined;
    const fragments = new Map(
      document.definitions
        .filter(
          (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
        )
        .map((fragment) => [fragment.name.value, fragment]),
    );
    const { cost } = new Measurer(schema, (name) => fragments.get(name), coerced.coerced).operation(
      operation,
    );
    if (cost <= maxCost) return undefined;
    return new GraphQLError(`Query cost ${cost} exceeds the limit of ${maxCost}.`, {
      nodes: operation,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
    });
  };
  const plugin: ApolloPlugin & CostLimit = {
    refusal,
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          const error = operation && refusal(schema, document, operation, request.variables);
          if (error) throw error;
        },
      };
    },
  };
  COST_LIMITS.add(plugin);
  return plugin;
}

/** The endpoint's cost limit among its plugins (the subscription server applies it to subscription documents). */
export function costLimitOf(plugins: readonly unknown[] | undefined): CostLimit | undefined {
  return plugins?.find(
    (plugin): plugin is CostLimit => typeof plugin === 'object' && plugin !== null && COST_LIMITS.has(plugin),
  );
}
