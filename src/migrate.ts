// First: Node's compile cache (Node >= 22), before any package is loaded.
import './common/startup/install-compile-cache';
// Then: rxjs and class-validator from their bundles (package-bundles.ts).
import './common/startup/install-package-bundles';
// First: every line, a bad configuration's included, has the app's format.
import './common/logging/install-bootstrap-logger';
import { Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { startupFailureMessage } from './common/errors/startup-error';
import { createBootstrapLogger } from './common/logging/bootstrap-logger';
import { appConfigModule } from './config/config.module';
import type { Environment } from './config/environment';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';

@Module({ imports: [DatabaseModule, DemoModule] })
class MigrationModule {}

/**
 * `npm run db:migrate`: applies the migrations, and the demo data only when SEED_DEMO=true is set (in the
 * environment or `.env`): never by default, whatever NODE_ENV says. Then exits.
 */
async function main(): Promise<void> {
  const context = await NestFactory.createApplicationContext(
    { module: MigrationModule, imports: [appConfigModule({ seedDemo: false })] },
    { abortOnError: false, logger: createBootstrapLogger(process.env, 'warn') },
  );
  const seeded = context
    .get<ConfigService<Environment, true>>(ConfigService)
    .get('SEED_DEMO', { infer: true });
  await context.close();
  // The command's answer, at LOG_LEVEL: the context's logger keeps only warnings (no module-by-module start lines).
  createBootstrapLogger(process.env).log(
    seeded
      ? 'Database is up to date; demo data inserted where missing (SEED_DEMO=true)'
      : 'Database is up to date; no demo data (SEED_DEMO=true inserts it)',
    'Migrate',
  );
}

main().catch((error: unknown) => {
  new Logger('Migrate').fatal(startupFailureMessage(error));
  process.exit(1);
});
