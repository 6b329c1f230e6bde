import type { ApolloDriverConfig } from '@nestjs/apollo';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import type { Environment } from '../config/environment';
import { formatGraphqlError } from './format-graphql-error';
import { graphqlLimitsRule } from './graphql-limits';
import { graphiqlLandingPage, isGraphqlIdeEnabled } from './graphiql/graphiql-ide';

/**
 * What every GraphQL endpoint of the app shares, so that both answer alike: the context (`req` for the global
 * guard, a new set of DataLoaders per request), CSRF prevention, the document limits, guards on field resolvers,
 * one error formatter, and the production rules (no introspection, no IDE, no schema hints in errors).
 * Each endpoint adds its schema source and `include`.
 */
export function graphqlEndpointOptions<Loaders>(
  path: string,
  config: ConfigService<Environment, true>,
  createLoaders: () => Loaders,
): ApolloDriverConfig {
  const nodeEnv = config.get('NODE_ENV', { infer: true });
  const production = nodeEnv === 'production';
  const ide = isGraphqlIdeEnabled(nodeEnv);
  if (!production && !ide) new Logger('GraphQL').warn(`GraphiQL is not installed: no IDE at ${path}`);
  return {
    path,
    context: ({ req }: { req: Request }) => ({ req, loaders: createLoaders() }),
    csrfPrevention: true,
    // One operation per request: a JSON array would multiply the work behind one HTTP request (Apollo's
    // default, stated here). The limits bound what one operation may ask for, before it runs.
    allowBatchedHttpRequests: false,
    parseOptions: { maxTokens: config.get('GRAPHQL_MAX_TOKENS', { infer: true }) },
    validationRules: [
      graphqlLimitsRule({
        maxDepth: config.get('GRAPHQL_MAX_DEPTH', { infer: true }),
        maxAliases: config.get('GRAPHQL_MAX_ALIASES', { infer: true }),
        maxDirectives: config.get('GRAPHQL_MAX_DIRECTIVES', { infer: true }),
        maxCost: config.get('GRAPHQL_MAX_COST', { infer: true }),
      }),
    ],
    // The global guard also runs on @ResolveField methods (each call, so per field and parent: see README),
    // so a field can be closed with @Authenticated() like a query. Properties without a resolver are not guarded.
    fieldResolverEnhancers: ['guards'],
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
