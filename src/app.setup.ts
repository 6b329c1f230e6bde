import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import type { RequestHandler } from 'express';
import { securityHeaders } from './common/http/security-headers';
import { refuseRepeatedHost } from './common/http/single-host';
import { refuseUnparsedBodies } from './common/http/unparsed-body';
import { HTTP_LOGGER } from './common/logging/logging.module';
import { PAGE_HEADERS } from './common/pagination/page-headers';
import { setupOpenApi } from './common/openapi/setup-openapi';
import type { Environment } from './config/environment';
import { CODE_FIRST_PATH } from './graphql/code-first/code-first-graphql.module';
import { SCHEMA_FIRST_PATH } from './graphql/schema-first/schema-first-graphql.module';
import { Metrics } from './metrics/metrics.service';

export const JSON_BODY_LIMIT = '100kb';

/** What the app needs around its modules (middleware, parsers, CORS); shared by main.ts and the e2e tests. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);

  // Before anything reads req.ip, req.protocol or req.secure (the session cookie's Secure flag).
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  // Said by no response (helmet's advice); off here rather than removed from each response.
  app.disable('x-powered-by');
  // First, so that every response is timed, logged and given its X-Request-Id, a body the parser refuses included.
  app.use(app.get(Metrics).httpMiddleware());
  app.use(app.get<RequestHandler>(HTTP_LOGGER));
  app.use(securityHeaders());
  app.use(refuseRepeatedHost());
  app.use(refuseUnparsedBodies([CODE_FIRST_PATH, SCHEMA_FIRST_PATH]));
  // JSON only: a form's values are all text, which no typed field (a number, a boolean) could take.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });

  const origins = config.get('CORS_ORIGINS', { infer: true });
  // A list's Link and X-Total-Count headers are for scripts to read too.
  if (origins.length > 0)
    app.enableCors({ origin: origins, credentials: true, exposedHeaders: PAGE_HEADERS });

  // API documentation is a development aid: production does not publish its route map.
  if (config.get('NODE_ENV', { infer: true }) !== 'production') setupOpenApi(app);

  return app;
}
