import type { ApolloDriverConfig } from '@nestjs/apollo';
import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import { formatGraphqlError } from './format-graphql-error';
import { isGraphiqlInstalled } from './graphiql/graphiql.assets';
import { graphiqlLandingPage } from './graphiql/graphiql-landing-page.plugin';

/** The development IDE: never in production, and only where its packages (devDependencies) are installed. */
export const isGraphqlIdeEnabled = (nodeEnv: string | undefined): boolean =>
  nodeEnv !== 'production' && isGraphiqlInstalled();

/**
 * What every GraphQL endpoint of the app shares, so that both answer alike: the context (`req` for the global
 * guard, a new set of DataLoaders per request), CSRF prevention, one error formatter, and the production rules
 * (no introspection, no IDE, no schema hints in errors). Each endpoint adds its schema source and `include`.
 */
export function graphqlEndpointOptions<Loaders>(
  path: string,
  nodeEnv: string | undefined,
  createLoaders: () => Loaders,
): ApolloDriverConfig {
  const production = nodeEnv === 'production';
  const ide = isGraphqlIdeEnabled(nodeEnv);
  if (!production && !ide) new Logger('GraphQL').warn(`GraphiQL is not installed: no IDE at ${path}`);
  return {
    path,
    context: ({ req }: { req: Request }) => ({ req, loaders: createLoaders() }),
    csrfPrevention: true,
    introspection: !production,
    // No suggestions of field names in errors where the schema is not public.
    hideSchemaDetailsFromClientErrors: production,
    // Nest's GraphiQL and Apollo's landing pages load from CDNs: ours is served locally (or nothing).
    graphiql: false,
    plugins: ide ? [graphiqlLandingPage(path)] : [],
    // Errors: one formatter for every endpoint, never a stack trace in a response.
    includeStacktraceInErrorResponses: false,
    autoTransformHttpErrors: false,
    formatError: formatGraphqlError,
  };
}
