import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import helmet from 'helmet';
import { setupOpenApi } from './common/openapi/setup-openapi';
import type { Environment } from './config/environment';

export const JSON_BODY_LIMIT = '100kb';

/** What the app needs around its modules (middleware, parsers, CORS); shared by main.ts and the e2e tests. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);

  // Before anything reads req.ip, req.protocol or req.secure (the session cookie's Secure flag).
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  app.use(helmet());
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: false });

  const origins = config.get('CORS_ORIGINS', { infer: true });
  if (origins.length > 0) app.enableCors({ origin: origins, credentials: true });

  // API documentation is a development aid: production does not publish its route map.
  if (config.get('NODE_ENV', { infer: true }) !== 'production') setupOpenApi(app);

  return app;
}
