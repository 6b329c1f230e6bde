import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * A client's typed GraphQL documents, made by graphql-codegen's client preset from the committed schema
 * (src/schema.gql, the code-first endpoint /graphql): `npx graphql-codegen` reads the operations of the `.graphql`
 * files under `client/` and writes their typed documents (`MeDocument`, …) to `client/gql/`. `client/` stands for
 * your client's source: point both paths at it; the schema stays this one. test/graphql-client.e2e-spec.ts runs
 * this file on test/clients/graphql/.
 */
const config: CodegenConfig = {
  schema: 'src/schema.gql',
  documents: ['client/**/*.graphql'],
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
