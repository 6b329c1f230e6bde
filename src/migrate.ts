import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppLogger } from './common/logging/app-logger';
import { appConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';

@Module({ imports: [DatabaseModule, DemoModule] })
class MigrationModule {}

/** `npm run db:migrate`: applies the migrations (and the demo data when SEED_DEMO is on), then exits. */
async function main(): Promise<void> {
  const context = await NestFactory.createApplicationContext(
    { module: MigrationModule, imports: [appConfigModule()] },
    {
      abortOnError: false,
      logger: new AppLogger({ logLevels: ['fatal', 'error', 'warn'] }),
    },
  );
  await context.close();
  new Logger('Migrate').log('Database is up to date');
}

main().catch((error: unknown) => {
  new Logger('Migrate').fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
