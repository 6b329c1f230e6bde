import { INestApplication, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppLogger, levelsFrom } from './common/logging/app-logger';
import { configureApp } from './app.setup';
import type { Environment } from './config/environment';

// Installed before anything logs, so a configuration error at start has the same format; LOG_LEVEL applies
// once the configuration is known.
const appLogger = new AppLogger();
Logger.overrideLogger(appLogger);
const logger = new Logger('Bootstrap');

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close the database, exit 0.
 * (Nest's enableShutdownHooks re-raises the signal after closing, which ends the process with no exit code.)
 */
function closeOnSignals(app: INestApplication): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.log(`${signal} received: finishing requests in flight`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(error);
          process.exit(1);
        },
      );
    });
  }
}

async function bootstrap(): Promise<void> {
  // abortOnError: false lets start-up failures reach the catch below instead of aborting the process.
  // bufferLogs holds Nest's start-up lines until the logger below, configured from LOG_LEVEL, takes over.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(), {
    abortOnError: false,
    bufferLogs: true,
  });
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  appLogger.setLogLevels(levelsFrom(config.get('LOG_LEVEL', { infer: true })));
  app.useLogger(appLogger);
  configureApp(app);
  closeOnSignals(app);
  const port = config.get('PORT', { infer: true });
  await app.listen(port);
  const address = app.getHttpServer().address();
  logger.log(`Listening on http://localhost:${typeof address === 'object' && address ? address.port : port}`);
}

bootstrap().catch((error: unknown) => {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
