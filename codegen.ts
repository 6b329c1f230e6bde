import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * A client's typed GraphQL documents, made by graphql-codegen's client preset from the committed schema
 * (src/schema.gql, the code-first endpoint /graphql): `npx graphql-codegen` reads the operations written with
 * `graphql(...)` in the `documents` files and writes typed documents and a typed `graphql()` to `client/gql/`.
 * Point `documents` and the output folder at your client's source; the schema stays this file.
 */
const config: CodegenConfig = {
  schema: 'src/schema.gql',
  documents: ['client/**/*.ts', '!client/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'client/gql/': {
      preset: 'client',
      config: {
        // The custom scalars as they travel in JSON.
        scalars: {
          DateTime: 'string',
          Decimal: { input: 'number | string', output: 'string' },
          JSON: 'unknown',
        },
        enumsAsTypes: true,
      },
    },
  },
};

export default config;
