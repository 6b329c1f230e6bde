// First: Node's compile cache (Node >= 22) for every module loaded after it, as in the app's start.
import '../src/common/startup/install-compile-cache';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createOpenApiDocument, OPENAPI_FILE, serializeOpenApi } from '../src/common/openapi/setup-openapi';
import { runScript, withAppWithoutDatabase } from './app-without-database';

/**
 * `npm run openapi`: rewrites openapi.json, the document GET /docs-json serves in development, from the
 * controllers and DTOs, without a database or a server (the document needs neither).
 */
runScript('OpenAPI', async () => {
  // Not development: that start would rewrite src/schema.gql too, which `npm run graphql:schema` owns.
  await withAppWithoutDatabase({ NODE_ENV: 'test' }, (app) => {
    writeFileSync(resolve(__dirname, '..', OPENAPI_FILE), serializeOpenApi(createOpenApiDocument(app)));
  });
  process.stdout.write(`${OPENAPI_FILE} is up to date\n`);
});
