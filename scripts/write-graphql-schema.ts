// First: Node's compile cache (Node >= 22) for every module loaded after it, as in the app's start.
import '../src/common/startup/install-compile-cache';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../src/app.module';
import { DATABASE_CONNECTION } from '../src/database/database.module';

/**
 * `npm run graphql:schema`: rewrites src/schema.gql from the code-first classes, the way `npm start` does in
 * development, without a database or a server (the schema needs neither).
 */
async function main(): Promise<void> {
  Object.assign(process.env, {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    JWT_SECRET: process.env.JWT_SECRET ?? 'schema-writer-secret-that-is-never-used-to-sign',
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
  await app.close();
  process.stdout.write('src/schema.gql is up to date\n');
}

main().catch((error: unknown) => {
  new Logger('GraphQL').fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
