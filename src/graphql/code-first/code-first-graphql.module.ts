import { resolve } from 'node:path';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module, type OnModuleDestroy, type Type } from '@nestjs/common';
import { AuthorsModule } from '../../authors/authors.module';
import { BooksModule } from '../../books/books.module';
import { PostsModule } from '../../posts/posts.module';
import { PROJECT_ROOT } from '../../common/project-root';
import { UsersModule } from '../../users/users.module';
import { WarriorsModule } from '../../warriors/warriors.module';
import { GraphiqlIdeModule } from '../graphiql/graphiql-ide';
import { graphqlEndpoint } from '../graphql-endpoint.options';
import { MaxItemsDirective } from '../max-items';
import { MaxSizeDirective } from '../max-size';
import { SubscriptionServer } from '../subscriptions/subscription-server';
import { SubscriptionsApolloDriver } from '../subscriptions/subscriptions-apollo.driver';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';

export const CODE_FIRST_PATH = '/graphql';

/** The committed schema; src/ from both src/graphql/code-first (tests) and dist/graphql/code-first (the built app). */
export const CODE_FIRST_SCHEMA_FILE = resolve(PROJECT_ROOT, 'src', 'schema.gql');

/**
 * The API modules whose resolvers make up this endpoint (the schema-first endpoint lists its own). Listing one
 * here is all it takes to register it: this module imports it, and the endpoint includes its resolvers.
 */
export const CODE_FIRST_FEATURES = [AuthorsModule, PostsModule, WarriorsModule, UsersModule, BooksModule];

/**
 * The code-first GraphQL endpoint: POST /graphql (JSON), and subscriptions over WebSocket on the same path
 * (graphql-transport-ws); schema generated from the decorated classes.
 * Development (NODE_ENV unset or development) rewrites src/schema.gql at start (so does `npm run graphql:schema`);
 * a test fails when the committed file is not current.
 */
@Module({})
export class CodeFirstGraphqlModule implements OnModuleDestroy {
  constructor(private readonly subscriptions: SubscriptionServer) {}

  /** The endpoint with CODE_FIRST_FEATURES and `extraFeatures` (test-only modules: AppModule.forRoot). */
  static forRoot(extraFeatures: Type[] = []): DynamicModule {
    const features = [...CODE_FIRST_FEATURES, ...extraFeatures];
    return {
      module: CodeFirstGraphqlModule,
      imports: [
        ...features,
        graphqlEndpoint(
          CODE_FIRST_PATH,
          (config): ApolloDriverConfig => {
            const nodeEnv = config.get('NODE_ENV', { infer: true });
            // Extra features never reach the committed schema: it describes the app alone.
            const writesSchemaFile =
              extraFeatures.length === 0 && (nodeEnv === undefined || nodeEnv === 'development');
            return {
              include: features,
              autoSchemaFile: writesSchemaFile ? CODE_FIRST_SCHEMA_FILE : true,
              sortSchema: true,
              // skipCheck: no self-check introspection at every start (~0.25 s); the committed-schema test checks it.
              // @maxItems and @maxSize are defined in the schema they are used in (the schema-first endpoint's in
              // max-items.graphql and max-size.graphql).
              buildSchemaOptions: {
                noDuplicatedFields: true,
                addNewlineAtEnd: true,
                skipCheck: true,
                directives: [MaxItemsDirective, MaxSizeDirective],
              },
            };
          },
          { driver: SubscriptionsApolloDriver, imports: [SubscriptionsModule] },
        ),
        SubscriptionsModule,
        GraphiqlIdeModule,
      ],
    };
  }

  // Before the GraphQL module stops its WebSocket server (Nest destroys importers first), and before the HTTP
  // server closes, which would otherwise wait for every open WebSocket: clients get 1001 and reconnect elsewhere.
  onModuleDestroy(): Promise<void> {
    return this.subscriptions.close();
  }
}
