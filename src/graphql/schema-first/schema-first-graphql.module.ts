import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AuthorsSchemaFirstModule } from '../../authors/authors-schema-first.module';
import { SortDirection } from '../../common/pagination/sort-direction';
import { PROJECT_ROOT } from '../../common/project-root';
import { PostsSchemaFirstModule } from '../../posts/posts-schema-first.module';
import { UsersSchemaFirstModule } from '../../users/users-schema-first.module';
import { GraphiqlIdeModule } from '../graphiql/graphiql-ide';
import { graphqlEndpoint } from '../graphql-endpoint.options';
import { DateTimeScalar } from '../scalars/date-time.scalar';
import { DecimalScalar } from '../scalars/decimal.scalar';
import { JSONScalar } from '../scalars/json.scalar';
import { assertSchemaFilesParse } from './schema-files';
import { schemaFirstTypePaths } from './typings';

export const SCHEMA_FIRST_PATH = '/schema-first/graphql';

/**
 * The API modules whose resolvers make up this endpoint, and only those (`include`, which also takes in the
 * modules they import: so they import data modules, never a module with code-first resolvers). Their schema is
 * the `.graphql` files under src/; their resolvers are bound to it by name. Listing one here registers it.
 */
export const SCHEMA_FIRST_FEATURES = [
  UsersSchemaFirstModule,
  AuthorsSchemaFirstModule,
  PostsSchemaFirstModule,
];

/** Test-only modules for this endpoint, with the SDL files that declare their types. */
export interface SchemaFirstExtension {
  features: Type[];
  typePaths: string[];
}

/**
 * The schema-first GraphQL endpoint: POST /schema-first/graphql (JSON), its schema the `.graphql` files under src/,
 * its TypeScript types generated from them (`npm run graphql:typings`). Same rules as the code-first endpoint.
 */
@Module({})
export class SchemaFirstGraphqlModule {
  /** The endpoint with SCHEMA_FIRST_FEATURES and an `extension` (test-only modules: AppModule.forRoot). */
  static forRoot(extension: SchemaFirstExtension = { features: [], typePaths: [] }): DynamicModule {
    const features = [...SCHEMA_FIRST_FEATURES, ...extension.features];
    return {
      module: SchemaFirstGraphqlModule,
      imports: [
        ...features,
        graphqlEndpoint(SCHEMA_FIRST_PATH, (config) => {
          // Where the files are edited; a production start (~4 ms) runs what development and CI have parsed.
          if (config.get('NODE_ENV', { infer: true }) !== 'production') assertSchemaFilesParse(PROJECT_ROOT);
          return {
            include: features,
            typePaths: [...schemaFirstTypePaths(PROJECT_ROOT), ...extension.typePaths],
            // shared-types.graphql: the scalars' code, and SortDirection's values as the app's enum has them.
            resolvers: {
              Decimal: DecimalScalar,
              DateTime: DateTimeScalar,
              JSON: JSONScalar,
              SortDirection: { ASC: SortDirection.ASC, DESC: SortDirection.DESC },
            },
          };
        }),
        GraphiqlIdeModule,
      ],
    };
  }
}
