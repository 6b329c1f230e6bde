import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Logger, type ModuleMetadata, type Type } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { GraphQLModule } from '@nestjs/graphql';
import { ResourceShortageLog } from '../common/errors/resource-shortage-log';
import type { Environment } from '../config/environment';
import { Metrics } from '../metrics/metrics.service';
import { formatGraphqlError } from './format-graphql-error';
import { createGraphqlContext } from './graphql-context';
import { costLimitPlugin } from './cost-limit';
import { graphqlLimitsRule } from './graphql-limits';
import { graphiqlLandingPage, isGraphqlIdeEnabled } from './graphiql/graphiql-ide';
import { limitResponseSize } from './response-size';
import { noSubscriptionsOverHttp } from './subscriptions/no-subscriptions-over-http.plugin';
import { tooManyRequestsStatus } from './too-many-requests-status.plugin';

/**
 * What every GraphQL endpoint of the app shares, so that both answer alike: the context (`req` for the global
 * guard, a new loader registry per request), CSRF prevention, the document limits, the response size limit,
 * guards on field resolvers, one error formatter, the operations metric, and the production rules (no
 * introspection, no IDE, no schema hints in errors).
 * Each endpoint adds its schema source and `include`; `shortages` is where the error formatter records the
 * database's resource shortages for /health.
 */
export function graphqlEndpointOptions(
  path: string,
  config: ConfigService<Environment, true>,
  shortages: ResourceShortageLog,
  metrics: Metrics,
): ApolloDriverConfig {
  const nodeEnv = config.get('NODE_ENV', { infer: true });
  const production = nodeEnv === 'production';
  const ide = isGraphqlIdeEnabled(nodeEnv);
  if (!production && !ide) new Logger('GraphQL').warn(`GraphiQL is not installed: no IDE at ${path}`);
  return {
    path,
    context: createGraphqlContext,
    csrfPrevention: true,
    // One operation per request: a JSON array would multiply the work behind one HTTP request (Apollo's
    // default, stated here). The limits bound what one operation may ask for, before it runs.
    allowBatchedHttpRequests: false,
    // Automatic persisted queries are not used: off, a request that names a hash gets a clear
    // PERSISTED_QUERY_NOT_SUPPORTED (the protocol's cue to resend the full query) instead of a cache lookup.
    persistedQueries: false,
    parseOptions: { maxTokens: config.get('GRAPHQL_MAX_TOKENS', { infer: true }) },
    validationRules: [
      graphqlLimitsRule({
        maxDepth: config.get('GRAPHQL_MAX_DEPTH', { infer: true }),
        maxAliases: config.get('GRAPHQL_MAX_ALIASES', { infer: true }),
        maxDirectives: config.get('GRAPHQL_MAX_DIRECTIVES', { infer: true }),
        maxCost: config.get('GRAPHQL_MAX_COST', { infer: true }),
      }),
    ],
    // What the cost limit does not see (long aliases, long strings): a response over the size is refused whole.
    stringifyResult: limitResponseSize(config.get('GRAPHQL_MAX_RESPONSE_BYTES', { infer: true })),
    // The global guard also runs on @ResolveField methods (each call, so per field and parent: see README),
    // so a field can be closed with @Authenticated() like a query. Properties without a resolver are not guarded.
    fieldResolverEnhancers: ['guards'],
    introspection: !production,
    // No suggestions of field names in errors where the schema is not public.
    hideSchemaDetailsFromClientErrors: production,
    // Nest's GraphiQL and Apollo's landing pages load from CDNs: ours is served locally (or nothing).
    graphiql: false,
    plugins: [
      metrics.graphqlPlugin(),
      costLimitPlugin(config.get('GRAPHQL_MAX_COST', { infer: true })),
      noSubscriptionsOverHttp(path),
      tooManyRequestsStatus(),
      ...(ide ? [graphiqlLandingPage(path)] : []),
    ],
    // Nest's driver would set every response with data back to 200; tooManyRequestsStatus decides (no error here
    // sets extensions.http during execution, so the other statuses are as before).
    preserveHttpStatusForExecutionErrors: false,
    // Errors: one formatter for every endpoint, never a stack trace in a response.
    includeStacktraceInErrorResponses: false,
    autoTransformHttpErrors: false,
    // Production: also no suggestions in variables' errors, which hideSchemaDetailsFromClientErrors leaves.
    formatError: (formatted, error) =>
      formatGraphqlError(formatted, error, shortages, { hideSuggestions: production }),
  };
}

/**
 * One GraphQL endpoint of the app: the shared options above, plus what the endpoint adds (its schema source and
 * `include`), read from the configuration. `driver` replaces Apollo's (a subclass; `imports` are the modules
 * its constructor draws on).
 */
export function graphqlEndpoint(
  path: string,
  endpointOptions: (config: ConfigService<Environment, true>) => ApolloDriverConfig,
  {
    driver = ApolloDriver,
    imports = [],
  }: { driver?: Type<ApolloDriver>; imports?: ModuleMetadata['imports'] } = {},
): Promise<DynamicModule> | DynamicModule {
  return GraphQLModule.forRootAsync<ApolloDriverConfig>({
    driver,
    imports,
    inject: [ConfigService, ResourceShortageLog, Metrics],
    useFactory: (
      config: ConfigService<Environment, true>,
      shortages: ResourceShortageLog,
      metrics: Metrics,
    ): ApolloDriverConfig => ({
      ...graphqlEndpointOptions(path, config, shortages, metrics),
      ...endpointOptions(config),
    }),
  });
}
