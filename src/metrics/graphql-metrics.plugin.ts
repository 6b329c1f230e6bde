import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Counter } from 'prom-client';
import { BoundedLabelValues } from './bounded-label-values';

// The plugin type as @nestjs/apollo sees it (its ESM copy of @apollo/server's types, not our CommonJS one).
export type ApolloPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

export type GraphqlLabels = 'operation_name' | 'operation_type' | 'outcome';

/** Distinct operation names counted by name; the names after these are counted as `other`. */
export const MAX_OPERATION_NAMES = 100;
const MAX_NAME_LENGTH = 64;

/** A GraphQL name is `[_A-Za-z][_0-9A-Za-z]*` already; the label is kept to that, and short. */
function nameLabel(name: string | undefined): string {
  if (!name) return 'anonymous';
  return name.replace(/[^\w]/g, '_').slice(0, MAX_NAME_LENGTH);
}

/**
 * Counts every GraphQL operation by name, type and outcome: `success`, `error` (it ran and answered errors) or
 * `rejected` (it never ran: a parse or validation error, a document over a limit; name and type `unknown`, since
 * only a valid document names an operation). Operation names are the client's choice: past `names`' bound
 * (MAX_OPERATION_NAMES distinct names, across both endpoints), new names share the label `other`, so no client can
 * grow the series without bound.
 */
export function graphqlMetricsPlugin(
  counter: Counter<GraphqlLabels>,
  names = new BoundedLabelValues(MAX_OPERATION_NAMES),
): ApolloPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          countGraphqlOperation(counter, names, operation, Boolean(errors?.length));
        },
      };
    },
  };
}

/**
 * One operation, as the plugin counts it: no operation (the document did not parse or validate) is `rejected`.
 * Also called for subscriptions over WebSocket, which Apollo's plugins do not see.
 */
export function countGraphqlOperation(
  counter: Counter<GraphqlLabels>,
  names: BoundedLabelValues,
  operation: { name?: { value: string } | null; operation: string } | null | undefined,
  failed: boolean,
): void {
  counter.inc({
    operation_name: operation ? names.label(nameLabel(operation.name?.value)) : 'unknown',
    operation_type: operation?.operation ?? 'unknown',
    outcome: !operation ? 'rejected' : failed ? 'error' : 'success',
  });
}
