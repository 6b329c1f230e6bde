import { Logger, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../src/app.module';
import { DATABASE_CONNECTION } from '../src/database/database.module';

/** A connection that is never used: the schema and the document need the app's modules, not its data. */
const NO_DATABASE = {
  db: {},
  driver: 'none',
  migrate: async () => {},
  ping: async () => {},
  close: async () => {},
};

/**
 * Initialises the app with `env` set, without a database or a server, runs `use` on it and closes it: how the
 * scripts that rewrite a committed document (src/schema.gql, openapi.json) see the app as it starts.
 */
export async function withAppWithoutDatabase(
  env: Record<string, string>,
  use: (app: INestApplication) => void | Promise<void>,
): Promise<void> {
  Object.assign(process.env, {
    SEED_DEMO: 'false',
    JWT_SECRET: process.env.JWT_SECRET ?? 'document-writer-secret-that-is-never-used-to-sign',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot()] })
    .overrideProvider(DATABASE_CONNECTION)
    .useValue(NO_DATABASE)
    .compile();
  const app = moduleRef.createNestApplication({ logger: ['error', 'fatal'] });
  await app.init();
  await use(app);
  await app.close();
}

/** Runs a script's main; a failure is one fatal log line and exit code 1. */
export function runScript(context: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    new Logger(context).fatal(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
