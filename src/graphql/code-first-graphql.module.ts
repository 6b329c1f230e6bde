import { resolve } from 'node:path';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Logger, Module } from '@nestjs/common';
import { ConditionalModule, ConfigService } from '@nestjs/config';
import { GraphQLModule } from '@nestjs/graphql';
import type { Request } from 'express';
import { AuthorsModule } from '../authors/authors.module';
import type { Environment } from '../config/environment';
import { PostsModule } from '../posts/posts.module';
import { PostsService } from '../posts/posts.service';
import { WarriorsModule } from '../warriors/warriors.module';
import { formatGraphqlError } from './format-graphql-error';
import type { GraphqlContext } from './graphql-context';
import { isGraphiqlInstalled } from './graphiql/graphiql.assets';
import { graphiqlLandingPage } from './graphiql/graphiql-landing-page.plugin';
import { GraphiqlModule } from './graphiql/graphiql.module';

export const CODE_FIRST_PATH = '/graphql';

/** The committed schema; src/ from both src/graphql (tests) and dist/graphql (the built app). */
export const CODE_FIRST_SCHEMA_FILE = resolve(__dirname, '..', '..', 'src', 'schema.gql');

/**
 * The features whose resolvers make up this endpoint (the schema-first endpoint lists its own). Listing a
 * feature here is all it takes to register it: this module imports it, and the endpoint includes its resolvers.
 */
export const CODE_FIRST_FEATURES = [AuthorsModule, PostsModule, WarriorsModule];

const isIdeEnabled = (nodeEnv: string | undefined) => nodeEnv !== 'production' && isGraphiqlInstalled();

/**
 * The code-first GraphQL endpoint: POST /graphql (JSON), schema generated from the decorated classes.
 * Development (NODE_ENV unset or development) rewrites src/schema.gql at start (so does `npm run graphql:schema`);
 * a test fails when the committed file is not current.
 */
@Module({
  imports: [
    ...CODE_FIRST_FEATURES,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [PostsModule],
      inject: [ConfigService, PostsService],
      useFactory: (config: ConfigService<Environment, true>, posts: PostsService): ApolloDriverConfig => {
        const nodeEnv = config.get('NODE_ENV', { infer: true });
        const production = nodeEnv === 'production';
        const ide = isIdeEnabled(nodeEnv);
        if (!production && !ide) new Logger('GraphQL').warn('GraphiQL is not installed: no IDE at /graphql');
        return {
          path: CODE_FIRST_PATH,
          include: CODE_FIRST_FEATURES,
          autoSchemaFile: nodeEnv === undefined || nodeEnv === 'development' ? CODE_FIRST_SCHEMA_FILE : true,
          sortSchema: true,
          buildSchemaOptions: { noDuplicatedFields: true, addNewlineAtEnd: true },
          context: ({ req }: { req: Request }): GraphqlContext => ({ req, loaders: posts.createLoaders() }),
          csrfPrevention: true,
          introspection: !production,
          // No suggestions of field names in errors where the schema is not public.
          hideSchemaDetailsFromClientErrors: production,
          // Nest's GraphiQL and Apollo's landing pages load from CDNs: ours is served locally (or nothing).
          graphiql: false,
          plugins: ide ? [graphiqlLandingPage(CODE_FIRST_PATH)] : [],
          // Errors: one formatter (also for a second endpoint), never a stack trace in a response.
          includeStacktraceInErrorResponses: false,
          autoTransformHttpErrors: false,
          formatError: formatGraphqlError,
        };
      },
    }),
    ConditionalModule.registerWhen(GraphiqlModule, (env) => isIdeEnabled(env.NODE_ENV)),
  ],
})
export class CodeFirstGraphqlModule {}
