/** The packages a script that initialises the whole app (scripts/app-without-database.ts) loads first. */
const APP_PACKAGES = [
  '@nestjs/testing',
  '@nestjs/graphql',
  '@nestjs/apollo',
  '@nestjs/platform-express',
  '@nestjs/swagger',
  'class-validator',
  'drizzle-orm',
  '@electric-sql/pglite',
  'pg',
];

/**
 * Where the app keeps what the generators edit or run: its registration points and its regeneration scripts.
 * The one place the generators name the app's paths and symbols; `app-layout.spec.ts` checks it against the app.
 */
export const APP_LAYOUT = {
  /** API modules with only controllers are imported here. */
  rootModule: { file: 'src/app.module.ts', className: 'AppModule' },
  /** API modules with resolvers are listed in their endpoint's feature list (which imports them). */
  endpoints: {
    'code-first': {
      path: '/graphql',
      file: 'src/graphql/code-first/code-first-graphql.module.ts',
      features: 'CODE_FIRST_FEATURES',
      /** A feature's API module for this endpoint: `src/things/things.module.ts`, `ThingsModule`. */
      apiModule: { file: '.module', className: 'Module' },
      /** The committed artefact the endpoint's schema becomes, and the script that rewrites it. */
      artefact: 'src/schema.gql',
      regenerate: {
        script: 'scripts/write-graphql-schema.ts',
        /**
         * The packages that take the script's time before it reads the tree, loaded while the generator writes
         * (startEarly). A package left off this list is loaded after the write instead.
         */
        preload: APP_PACKAGES,
      },
    },
    'schema-first': {
      path: '/schema-first/graphql',
      file: 'src/graphql/schema-first/schema-first-graphql.module.ts',
      features: 'SCHEMA_FIRST_FEATURES',
      /** `src/things/things-schema-first.module.ts`, `ThingsSchemaFirstModule` (beside a code-first or REST API). */
      apiModule: { file: '-schema-first.module', className: 'SchemaFirstModule' },
      artefact: 'src/graphql/schema-first/graphql.generated.ts',
      regenerate: {
        script: 'src/graphql/schema-first/generate-typings.ts',
        preload: ['@nestjs/graphql', 'ts-morph'],
      },
    },
  },
  /** The committed OpenAPI document (REST routes and their DTOs), and the script that rewrites it. */
  openapi: {
    artefact: 'openapi.json',
    command: 'npm run openapi',
    regenerate: {
      script: 'scripts/write-openapi.ts',
      preload: APP_PACKAGES,
    },
  },
  /** The base class of page types (`Paginated(Thing)`), without its extension. */
  paginatedType: 'src/graphql/paginated.type',
  /** SQL migrations, written by drizzle-kit from every `src/**\/*.table.ts` (no barrel to register a table in). */
  migrations: 'drizzle',
  /** What the generators made (files with their hashes, registrations), committed; `destroy` undoes from it. */
  manifest: 'generators.manifest.json',
  /** The folder of the interceptors (a global one is registered in the root module's providers). */
  interceptors: 'src/common/interceptors',
} as const;

export type GraphqlStyle = keyof typeof APP_LAYOUT.endpoints;
export const GRAPHQL_STYLES = Object.keys(APP_LAYOUT.endpoints) as GraphqlStyle[];
