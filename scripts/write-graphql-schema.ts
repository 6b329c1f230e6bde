// First: Node's compile cache (Node >= 22) for every module loaded after it, as in the app's start.
import '../src/common/startup/install-compile-cache';
import { runScript, withAppWithoutDatabase } from './app-without-database';

/**
 * `npm run graphql:schema`: rewrites src/schema.gql from the code-first classes, the way `npm start` does in
 * development (its start writes the file), without a database or a server (the schema needs neither).
 */
runScript('GraphQL', async () => {
  await withAppWithoutDatabase({ NODE_ENV: 'development' }, () => {});
  process.stdout.write('src/schema.gql is up to date\n');
});
