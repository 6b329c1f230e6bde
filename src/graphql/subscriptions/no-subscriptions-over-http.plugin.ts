import { GraphQLError } from 'graphql';
import type { ApolloPlugin } from '../../metrics/graphql-metrics.plugin';

export const SUBSCRIPTION_OVER_HTTP_MESSAGE =
  'Subscriptions are not served over HTTP: subscribe over WebSocket at /graphql (graphql-transport-ws)';

/**
 * A subscription sent in an HTTP POST is a 400 BAD_REQUEST that says where subscriptions are served. Apollo would
 * execute it as a query and fail on the subscription field's stream, an INTERNAL_SERVER_ERROR. (A GET is refused
 * by Apollo itself, 405; WebSocket subscriptions are graphql-ws's, which no Apollo plugin sees.)
 */
export const noSubscriptionsOverHttp: ApolloPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation === 'subscription') {
          throw new GraphQLError(SUBSCRIPTION_OVER_HTTP_MESSAGE, {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
      },
    };
  },
};
