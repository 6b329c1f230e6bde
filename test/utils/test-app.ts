import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { type AppExtensions, AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { AppExpressAdapter } from '../../src/common/http/app-express.adapter';
import { LOG_DESTINATION } from '../../src/common/logging/logging.module';
import { TEST_JWT_SECRET } from './constants';
import { createSuiteDatabase } from './postgres';
import { copyTemplateDatabase } from './template-database';

export { TEST_JWT_SECRET };

export interface TestApp {
  app: NestExpressApplication;
  /** The Node HTTP server: supertest sends real HTTP requests to it on an ephemeral port. */
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  dataDir: string;
  /** An access token for demo user alice (id 1, admin), signed by the app itself as its login would. */
  aliceToken(): string;
  /** An access token for demo user bob (id 2, user). */
  bobToken(): string;
  close(): Promise<void>;
}

/**
 * One app for the enclosing `describe` block: created in `beforeAll`, closed in `afterAll`.
 * The object is filled when `beforeAll` has run: read it in hooks and tests, not while the suite is declared.
 */
export function useTestApp(env: Record<string, string> = {}, extensions: AppExtensions = {}): TestApp {
  const sut = {} as TestApp;
  let created: TestApp | undefined;
  beforeAll(async () => {
    created = await createTestApp(env, extensions);
    Object.assign(sut, created);
  });
  afterAll(() => created?.close());
  return sut;
}

/**
 * One app per suite, on its own copy of the migrated and seeded template database.
 * Call it in `beforeAll`; `env` overrides the test environment, validated as at a real start; `extensions` adds
 * test-only modules (test/fixtures/probe's PROBE: routes and operations that need no demo feature).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  extensions: AppExtensions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-e2e-'));
  copyTemplateDatabase(dataDir);
  const postgres = process.env.TEST_DATABASE_URL
    ? await createSuiteDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false', // the template is seeded already
    ...env,
  });

  // AppModule.forRoot() validates the environment set above (each app reads its own).
  // The request log (one line per request) goes to stdout only with TEST_LOGS, like Nest's own lines.
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(extensions)] })
    .overrideProvider(LOG_DESTINATION)
    .useValue(process.env.TEST_LOGS ? process.stdout : { write: () => undefined })
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new AppExpressAdapter(), {
    logger: process.env.TEST_LOGS ? ['error', 'warn', 'log'] : false,
  });
  configureApp(app);
  await app.init();

  return {
    app,
    http: app.getHttpServer(),
    dataDir,
    aliceToken: () => app.get(JwtService).sign({ sub: 1, username: 'alice', roles: ['admin'] }),
    bobToken: () => app.get(JwtService).sign({ sub: 2, username: 'bob', roles: ['user'] }),
    close: async () => {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
