// First: Node's compile cache (Node >= 22) for every module loaded after it, as in the app's start.
import '../../common/startup/install-compile-cache';
import { PROJECT_ROOT } from '../../common/project-root';
import { generateSchemaFirstTypings, SCHEMA_FIRST_TYPINGS_FILE } from './typings';

// `npm run graphql:typings`.
generateSchemaFirstTypings(PROJECT_ROOT).then(
  () => console.log(`Wrote ${SCHEMA_FIRST_TYPINGS_FILE}`),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
