import { resolve } from 'node:path';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { GraphQLModule } from '@nestjs/graphql';
import { AuthorsModule } from '../authors/authors.module';
import { AuthorsService } from '../authors/authors.service';
import type { Environment } from '../config/environment';
import { GraphiqlIdeModule } from '../graphql/graphiql/graphiql-ide';
import { graphqlEndpointOptions } from '../graphql/graphql-endpoint.options';
import { PostsModule } from '../posts/posts.module';
import { PostsService } from '../posts/posts.service';
import { BlogModule } from './blog/blog.module';
import type { SchemaFirstLoaders } from './schema-first-context';
import { schemaFirstTypePaths } from './typings';

export const SCHEMA_FIRST_PATH = '/schema-first/graphql';

/** The project root, from src/schema-first (tests) and dist/schema-first (the built app) alike. */
const PROJECT_ROOT = resolve(__dirname, '..', '..');

/**
 * The features whose resolvers make up this endpoint, and only those (`include`): a feature's schema is its
 * `.graphql` file under src/, its resolvers are bound to it by name. Listing a feature here registers it (this
 * module imports it); generators append to this list. `include` also takes in the modules a feature imports, so a
 * feature here must not import one that holds code-first resolvers (see blog/blog.module.ts).
 */
export const SCHEMA_FIRST_FEATURES = [BlogModule];

/**
 * The schema-first GraphQL endpoint: POST /schema-first/graphql (JSON), its schema the `.graphql` files under src/,
 * its TypeScript types generated from them (`npm run graphql:typings`). Same rules as the code-first endpoint.
 */
@Module({
  imports: [
    ...SCHEMA_FIRST_FEATURES,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [AuthorsModule, PostsModule],
      inject: [ConfigService, AuthorsService, PostsService],
      useFactory: (
        config: ConfigService<Environment, true>,
        authors: AuthorsService,
        posts: PostsService,
      ): ApolloDriverConfig => ({
        ...graphqlEndpointOptions(SCHEMA_FIRST_PATH, config, (): SchemaFirstLoaders => ({
          ...authors.createLoaders(),
          ...posts.createLoaders(),
        })),
        include: SCHEMA_FIRST_FEATURES,
        typePaths: schemaFirstTypePaths(PROJECT_ROOT),
      }),
    }),
    GraphiqlIdeModule,
  ],
})
export class SchemaFirstGraphqlModule {}
