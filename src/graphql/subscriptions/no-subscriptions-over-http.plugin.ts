import { GraphQLError } from 'graphql';
import type { ApolloPlugin } from '../../metrics/graphql-metrics.plugin';

/**
 * A subscription sent in an HTTP POST is a 400 BAD_REQUEST that says where subscriptions are served, or that the
 * endpoint has none. Apollo would execute it as a query and fail on the subscription field's stream (or on the
 * missing subscription type), an INTERNAL_SERVER_ERROR. A GET is refused by Apollo itself, 405; WebSocket
 * subscriptions are graphql-ws's, which no Apollo plugin sees.
 */
export function noSubscriptionsOverHttp(path: string): ApolloPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, schema }) {
          if (operation?.operation !== 'subscription') return;
          throw new GraphQLError(
            schema.getSubscriptionType()
              ? `Subscriptions are not served over HTTP: subscribe over WebSocket at ${path} (graphql-transport-ws)`
              : `${path} has no subscriptions`,
            { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
          );
        },
      };
    },
  };
}
