// First: Node's compile cache (Node >= 22) for every module loaded after it, as in the app's start.
import '../../common/startup/install-compile-cache';
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
