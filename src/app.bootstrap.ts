import { INestApplication, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoLogger } from 'nestjs-pino';
import { type AppExtensions, AppModule } from './app.module';
import { configureApp } from './app.setup';
import { StartupError } from './common/errors/startup-error';
import { AppExpressAdapter } from './common/http/app-express.adapter';
import type { Environment } from './config/environment';
import { Readiness } from './health/readiness';

// Logs through the start-up logger until the app's own (nestjs-pino, configured from the validated LOG_LEVEL)
// takes over.
const logger = new Logger('Bootstrap');

/**
 * SIGTERM/SIGINT: /health/ready answers 503 at once; SHUTDOWN_DELAY_SECONDS later (so that a load balancer has
 * stopped sending traffic), stop accepting connections, let requests in flight finish, close the database, exit 0.
 * A second signal cuts the delay short. (Nest's enableShutdownHooks re-raises the signal after closing, which
 * ends the process with no exit code.)
 */
function closeOnSignals(app: INestApplication, delaySeconds: number): void {
  let cutShort: (() => void) | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (cutShort) return cutShort();
    app.get(Readiness).drain();
    logger.log(
      delaySeconds > 0
        ? `${signal} received: not ready; closing in ${delaySeconds} s (another signal closes now)`
        : `${signal} received: finishing requests in flight`,
    );
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delaySeconds * 1000);
      cutShort = () => {
        clearTimeout(timer);
        resolve();
      };
    })
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(error);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, onSignal);
}

/**
 * Loads the app, starts it, and serves on PORT. main.ts calls it once the environment has been checked; the tests'
 * server with test-only modules (test/fixtures/probe/main.ts) calls it with those.
 */
export async function bootstrap(extensions: AppExtensions = {}): Promise<void> {
  // abortOnError: false lets start-up failures reach the catch below instead of aborting the process.
  // bufferLogs holds Nest's start-up lines until the app's logger, configured from LOG_LEVEL, takes over.
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(extensions),
    new AppExpressAdapter(),
    {
      abortOnError: false,
      bufferLogs: true,
    },
  );
  app.useLogger(app.get(PinoLogger));
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  configureApp(app);
  closeOnSignals(app, config.get('SHUTDOWN_DELAY_SECONDS', { infer: true }));
  const port = config.get('PORT', { infer: true });
  await app.listen(port).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new StartupError(`PORT ${port} is in use by another process: stop it, or set PORT to a free port`);
  });
  const address = app.getHttpServer().address();
  const listeningPort = typeof address === 'object' && address ? address.port : port;
  // The Node version too: npm scripts run the project's pinned Node, which may not be the system's.
  logger.log(`Listening on http://localhost:${listeningPort} (Node ${process.version})`);
}
