import { Module } from '@nestjs/common';
import { AuthorsSchemaFirstModule } from '../../authors/authors-schema-first.module';
import { SortDirection } from '../../common/pagination/sort-direction';
import { PROJECT_ROOT } from '../../common/project-root';
import { PostsSchemaFirstModule } from '../../posts/posts-schema-first.module';
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
export const SCHEMA_FIRST_FEATURES = [AuthorsSchemaFirstModule, PostsSchemaFirstModule];

/**
 * The schema-first GraphQL endpoint: POST /schema-first/graphql (JSON), its schema the `.graphql` files under src/,
 * its TypeScript types generated from them (`npm run graphql:typings`). Same rules as the code-first endpoint.
 */
@Module({
  imports: [
    ...SCHEMA_FIRST_FEATURES,
    graphqlEndpoint(SCHEMA_FIRST_PATH, (config) => {
      // Where the files are edited; a production start (~4 ms) runs what development and CI have parsed.
      if (config.get('NODE_ENV', { infer: true }) !== 'production') assertSchemaFilesParse(PROJECT_ROOT);
      return {
        include: SCHEMA_FIRST_FEATURES,
        typePaths: schemaFirstTypePaths(PROJECT_ROOT),
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
})
export class SchemaFirstGraphqlModule {}
