import { type DynamicModule, Module } from '@nestjs/common';
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
import { SchemaFirstGraphqlModule } from './graphql/schema-first/schema-first-graphql.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { InterceptorsShowcaseModule } from './interceptors-showcase/interceptors-showcase.module';
import { RoutingModule } from './routing/routing.module';
import { TenantsModule } from './tenants/tenants.module';

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
    CodeFirstGraphqlModule,
    SchemaFirstGraphqlModule,
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
  static forRoot(): DynamicModule {
    return { module: AppModule, imports: [appConfigModule()] };
  }
}
