import type { ApolloPlugin } from '../metrics/graphql-metrics.plugin';

/** The code of an operation refused by a rate limit (the write throttle), as REST's 429 is named. */
export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';

/**
 * An operation refused by a rate limit, and nothing else, answers HTTP 429 (with the Retry-After its guard set),
 * as REST does: clients and proxies that back off on 429 do here too. Every other execution error stays 200, and
 * so does a response with data (another mutation of the document went through: a retry would repeat it). Needs
 * the Apollo driver's own reset to 200 off (`preserveHttpStatusForExecutionErrors: false`).
 */
export function tooManyRequestsStatus(): ApolloPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          const refused =
            errors?.length && errors.every((error) => error.extensions?.code === TOO_MANY_REQUESTS);
          const nothingDone = Object.values(data ?? {}).every((value) => value === null);
          if (refused && nothingDone) response.http.status = 429;
        },
      };
    },
  };
}
