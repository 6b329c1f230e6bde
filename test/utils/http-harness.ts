import type { INestApplication, Provider, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import { JwtAuthGuard } from '../../src/auth/jwt-auth.guard';
import { RolesGuard } from '../../src/auth/roles.guard';
import { ACCESS_TOKEN_LIFETIME } from '../../src/auth/token-payload';
import { CommonModule } from '../../src/common/common.module';
import { AllExceptionsFilter } from '../../src/common/errors/all-exceptions.filter';
import { AppExpressAdapter } from '../../src/common/http/app-express.adapter';
import { AppValidationPipe } from '../../src/common/pipes/app-validation.pipe';
import { TEST_JWT_SECRET } from './constants';

export interface HttpHarness {
  http: ReturnType<INestApplication['getHttpServer']>;
  /** A valid access token for demo user alice, signed with the harness's secret. */
  token(): string;
  close(): Promise<void>;
}

/**
 * The middle tier of tests: one controller over real HTTP with the app's real global guard, validation pipe and
 * error filter, in front of fake services. No database, no other module: for validation and auth wiring where a
 * whole app is overkill.
 */
export async function createHttpHarness(controller: Type, providers: Provider[]): Promise<HttpHarness> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      CommonModule,
      JwtModule.register({
        secret: TEST_JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: 60 },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    ],
    controllers: [controller],
    providers: [
      ...providers,
      { provide: ACCESS_TOKEN_LIFETIME, useValue: 60 },
      { provide: APP_GUARD, useClass: JwtAuthGuard },
      { provide: APP_GUARD, useClass: RolesGuard },
      { provide: APP_PIPE, useClass: AppValidationPipe },
      { provide: APP_FILTER, useClass: AllExceptionsFilter },
    ],
  }).compile();
  const app = moduleRef.createNestApplication(new AppExpressAdapter(), { logger: false });
  await app.init();
  return {
    http: app.getHttpServer(),
    token: () => app.get(JwtService).sign({ sub: 1, username: 'alice', roles: ['admin'] }),
    close: () => app.close(),
  };
}
