import type { ApolloDriverConfig } from '@nestjs/apollo';
import { exampleQuery } from './example-query';
import { renderGraphiqlPage } from './graphiql.assets';

// The plugin type as @nestjs/apollo sees it (its ESM copy of @apollo/server's types, not our CommonJS one).
type ApolloPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

/**
 * Apollo landing page (GET on the endpoint from a browser): GraphiQL from our own files instead of
 * Apollo's or Nest's CDN-hosted pages, opening on an example query of the endpoint's own schema. Use with
 * `graphiql: false` on the driver, in development only.
 */
export function graphiqlLandingPage(endpoint: string): ApolloPlugin {
  return {
    async serverWillStart({ schema }) {
      const html = renderGraphiqlPage(endpoint, exampleQuery(schema));
      return { renderLandingPage: async () => ({ html }) };
    },
  };
}
