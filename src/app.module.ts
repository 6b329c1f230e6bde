import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { CatsModule } from './cats/cats.module';
import { CommonModule } from './common/common.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { LoggingInterceptor } from './common/interceptors/logging.interceptor';
import { LoggingModule } from './common/logging/logging.module';
import { AppValidationPipe } from './common/pipes/app-validation.pipe';
import { appConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { CodeFirstGraphqlModule } from './graphql/code-first/code-first-graphql.module';
import {
  type SchemaFirstExtension,
  SchemaFirstGraphqlModule,
} from './graphql/schema-first/schema-first-graphql.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { InterceptorsShowcaseModule } from './interceptors-showcase/interceptors-showcase.module';
import { RoutingModule } from './routing/routing.module';
import { TenantsModule } from './tenants/tenants.module';

/**
 * Modules added to the app for its tests: the infrastructure's test-only features (test/fixtures), which need
 * no demo feature. `imports` are plain modules (controllers); `codeFirst` and `schemaFirst` join an endpoint.
 */
export interface AppExtensions {
  imports?: Type[];
  codeFirst?: Type[];
  schemaFirst?: SchemaFirstExtension;
}

@Module({
  imports: [
    LoggingModule,
    MetricsModule,
    CommonModule,
    DatabaseModule,
    DemoModule,
    HealthModule,
    AuthModule,
    InterceptorsShowcaseModule,
    CatsModule,
    RoutingModule,
    TenantsModule,
  ],
  providers: [
    { provide: APP_PIPE, useClass: AppValidationPipe },
    // Global through the provider list (not app.useGlobalInterceptors) so that its Clock is injected.
    { provide: APP_INTERCEPTOR, useClass: LoggingInterceptor },
    // Errors in one place: domain and database errors as their 4xx/503 (common/errors/to-http-exception.ts).
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {
  /** The app with its configuration, validated now: importing this file reads no environment. */
  static forRoot(extensions: AppExtensions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        appConfigModule(),
        CodeFirstGraphqlModule.forRoot(extensions.codeFirst),
        SchemaFirstGraphqlModule.forRoot(extensions.schemaFirst),
        ...(extensions.imports ?? []),
      ],
    };
  }
}
