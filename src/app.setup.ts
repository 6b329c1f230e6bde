import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import helmet from 'helmet';
import type { Environment } from './config/environment';

export const JSON_BODY_LIMIT = '100kb';

/** What the app needs around its modules (middleware, parsers, CORS); shared by main.ts and the e2e tests. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);

  app.use(helmet());
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: false });

  const origins = config.get('CORS_ORIGINS', { infer: true });
  if (origins.length > 0) app.enableCors({ origin: origins, credentials: true });

  return app;
}
