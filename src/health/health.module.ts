import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health';
import { HealthController } from './health.controller';
import { MigrationsHealthIndicator } from './migrations.health';
import { Readiness } from './readiness';

@Module({
  imports: [TerminusModule],
  controllers: [HealthController],
  providers: [DatabaseHealthIndicator, MigrationsHealthIndicator, Readiness],
  exports: [Readiness],
})
export class HealthModule {}
