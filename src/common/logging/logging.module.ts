import { ConfigService } from '@nestjs/config';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Environment } from '../../config/environment';
import { createHttpLogger } from './http-logger';
import { logDestination, loggerOptions } from './logger-options';

/** Where the app's log lines are written (stdout); a test replaces it to silence or capture them. */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
/** The app's pino logger, configured from LOG_LEVEL and NODE_ENV. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
/** The request logger middleware (http-logger.ts): configureApp mounts it before any other middleware. */
export const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/**
 * The app's logging, through nestjs-pino: `app.useLogger(app.get(Logger))` (nestjs-pino's) sends every Nest
 * `Logger` line to pino, through the logger of the request it is logged in (bound to the request id by the
 * request logger, with nestjs-pino's `runInContext`). The request logger is mounted first in configureApp rather
 * than among Nest's middleware, so that it also sees what the body parser refuses.
 */
export const LoggingModule = LoggerModule.forRootAsync({
  providers: [
    {
      provide: LOG_DESTINATION,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>): DestinationStream =>
        logDestination(config.get('NODE_ENV', { infer: true }) === 'production'),
    },
    {
      provide: ROOT_LOGGER,
      inject: [ConfigService, LOG_DESTINATION],
      useFactory: (config: ConfigService<Environment, true>, destination: DestinationStream): Logger => {
        const production = config.get('NODE_ENV', { infer: true }) === 'production';
        return pino(
          loggerOptions({ production, level: config.get('LOG_LEVEL', { infer: true }) }),
          destination,
        );
      },
    },
    { provide: HTTP_LOGGER, inject: [PinoLogger], useFactory: createHttpLogger },
  ],
  inject: [ROOT_LOGGER],
  // The root of nestjs-pino's loggers is ours; its own request middleware (pino-http and a context binder) is
  // replaced by the request logger, which binds the context itself: no route for it (`forRoutes: []`).
  useFactory: (logger: Logger) => ({ useExisting: true, pinoHttp: { logger }, forRoutes: [] }),
});
