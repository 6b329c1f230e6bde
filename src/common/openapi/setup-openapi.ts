import { INestApplication } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ApiBearerAuth, DECORATORS, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { IS_PUBLIC_KEY } from '../decorators/public.decorator';
import { BEARER_SCHEME } from './bearer-scheme';
import { completeDocument } from './complete-document';

export const OPENAPI_UI_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs-json';
const API_VERSION = '1.0.0';

/**
 * The OpenAPI document of every controller and DTO, with Swagger UI at /docs and the JSON at /docs-json.
 * The UI's scripts and styles come from the swagger-ui-dist package that @nestjs/swagger depends on, served
 * by the app itself: no CDN, so it works offline and under helmet's `script-src 'self'`.
 * Call before `app.init()`/`listen()`; the document is built on the first request, not at start.
 */
export function setupOpenApi(app: INestApplication): void {
  // helmet's default CSP fits the UI (same-origin scripts, inline styles) except upgrade-insecure-requests:
  // on plain HTTP under any host but localhost the browser would fetch the UI's assets over HTTPS and
  // show a blank page. The docs only exist outside production, where plain HTTP is the norm.
  app.use(
    `/${OPENAPI_UI_PATH}`,
    helmet.contentSecurityPolicy({ directives: { upgradeInsecureRequests: null } }),
  );

  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'NestJS starter kit API',
    // validatorUrl: null keeps the UI from calling the public validator service.
    swaggerOptions: { validatorUrl: null, persistAuthorization: false },
  });
}

/**
 * The app's OpenAPI document: what /docs-json serves in development and `npm run openapi` writes to openapi.json.
 * Built from the controllers' and DTOs' decorators, then completed in one place (completeDocument).
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('NestJS starter kit')
    .setDescription(
      'HTTP routes of the starter. Every route needs `Authorization: Bearer <token>` (from POST /auth/login) ' +
        'unless it is marked public; GraphQL is served separately at /graphql.',
    )
    .setVersion(API_VERSION)
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'The server that serves this document')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME)
    .build();
  documentGuardedRoutes(app);
  return completeDocument(SwaggerModule.createDocument(app, config));
}

/**
 * The global guard protects every route not marked @Public(), so the document says so from the same
 * metadata: a route is documented with the bearer scheme without anyone remembering @ApiBearerAuth().
 * Routes that already declare a security requirement keep theirs, which also makes this idempotent.
 */
function documentGuardedRoutes(app: INestApplication): void {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype: controller } of module.controllers.values()) {
      if (typeof controller !== 'function') continue;
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = controller.prototype[name] as (...args: unknown[]) => unknown;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [handler, controller])) continue;
        if (reflector.getAllAndOverride(DECORATORS.API_SECURITY, [handler, controller])) continue;
        ApiBearerAuth(BEARER_SCHEME)(controller.prototype, name, { value: handler });
      }
    }
  }
}

/** The committed document, at the project's root (`npm run openapi`), for client generators. */
export const OPENAPI_FILE = 'openapi.json';

/** openapi.json's text: what a test compares with the document the app serves. */
export function serializeOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
