import { resolve } from 'node:path';
import { generateSchemaFirstTypings, SCHEMA_FIRST_TYPINGS_FILE } from './typings';

// `npm run graphql:typings`: the project root from src/graphql/schema-first or dist/graphql/schema-first.
generateSchemaFirstTypings(resolve(__dirname, '..', '..', '..')).then(
  () => console.log(`Wrote ${SCHEMA_FIRST_TYPINGS_FILE}`),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
