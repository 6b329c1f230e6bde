import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics.service';
import { MetricsTokenGuard } from './metrics-token.guard';

/** Global: configureApp mounts its HTTP middleware, and both GraphQL endpoints take its plugin. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics, MetricsTokenGuard],
  exports: [Metrics],
})
export class MetricsModule {}
