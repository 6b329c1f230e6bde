// Order matters in this file: each step runs before the next is loaded.
// 1. Node's compile cache (Node >= 22), so that every module loaded after it is read from the cache.
import './common/startup/install-compile-cache';
// 2. rxjs and class-validator from their single-file bundles, before anything loads them (package-bundles.ts).
import './common/startup/install-package-bundles';
// 3. The start-up logger, before anything logs (a bad configuration included).
import './common/logging/install-bootstrap-logger';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { startupFailureMessage } from './common/errors/startup-error';
import { useSwaggerStandIn } from './common/openapi/use-swagger-stand-in';
import { checkEnvironment, ENV_FILE } from './config/environment';
import { startOpeningPglite } from './database/pglite-open';

const logger = new Logger('Bootstrap');

function fail(error: unknown): never {
  logger.fatal(startupFailureMessage(error));
  process.exit(1);
}

// 4. The environment, with ConfigModule's own rules (checkEnvironment): a bad setting stops the start here, with
// the message ConfigModule would give, before the app (most of the start-up time) is loaded. An ENV_FILE adds the
// variables process.env lacks (Node's loader, like ConfigModule's, never overrides one that is set), so both judge
// the same values.
let databaseThreadStarted = Promise.resolve();
try {
  const envFile = resolve(process.cwd(), ENV_FILE);
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = checkEnvironment(process.env);
  // 5. Without DATABASE_URL, PGlite starts opening in its thread, to open while the app loads below.
  if (!env.DATABASE_URL) databaseThreadStarted = startOpeningPglite(env.DATA_DIR);
} catch (error) {
  fail(error);
}

// 6. Production serves no API docs (app.setup.ts): @nestjs/swagger's decorators may do nothing there. NODE_ENV
// from the environment wins over an ENV_FILE's, so this is production by ConfigModule's reading too.
if (process.env.NODE_ENV === 'production') useSwaggerStandIn();

// 7. The app, loaded only now (a require() runs here, where an import would run before everything above), once
// the thread has started: loading is synchronous, and the thread starts after DATA_DIR's lock, a promise away.
databaseThreadStarted
  .then(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { bootstrap } = require('./app.bootstrap') as typeof import('./app.bootstrap');
    return bootstrap();
  })
  .catch(fail);
