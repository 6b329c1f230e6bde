// First: Node's compile cache (Node >= 22) for every module loaded after it, as in the app's start.
import '../src/common/startup/install-compile-cache';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../src/app.module';
import { createOpenApiDocument, OPENAPI_FILE, serializeOpenApi } from '../src/common/openapi/setup-openapi';
import { DATABASE_CONNECTION } from '../src/database/database.module';

/**
 * `npm run openapi`: rewrites openapi.json, the document GET /docs-json serves in development, from the
 * controllers and DTOs, without a database or a server (the document needs neither).
 */
async function main(): Promise<void> {
  Object.assign(process.env, {
    // Not development: that start would rewrite src/schema.gql too, which `npm run graphql:schema` owns.
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    JWT_SECRET: process.env.JWT_SECRET ?? 'openapi-writer-secret-that-is-never-used-to-sign',
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot()] })
    .overrideProvider(DATABASE_CONNECTION)
    .useValue({
      db: {},
      driver: 'none',
      migrate: async () => {},
      ping: async () => {},
      close: async () => {},
    })
    .compile();
  const app = moduleRef.createNestApplication({ logger: ['error', 'fatal'] });
  await app.init();
  writeFileSync(resolve(__dirname, '..', OPENAPI_FILE), serializeOpenApi(createOpenApiDocument(app)));
  await app.close();
  process.stdout.write(`${OPENAPI_FILE} is up to date\n`);
}

main().catch((error: unknown) => {
  new Logger('OpenAPI').fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
