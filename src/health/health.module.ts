import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseHealthIndicator } from './database.health';
import { HealthController } from './health.controller';
import { MigrationsHealthIndicator } from './migrations.health';
import { Readiness } from './readiness';

@Module({
  // Terminus would log every failed check at error level, stack and all: during a drain, each load balancer probe.
  // The checks log their own causes (a failed ping, a pending migration) and the drain is logged at SIGTERM.
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [DatabaseHealthIndicator, MigrationsHealthIndicator, Readiness],
  exports: [Readiness],
})
export class HealthModule {}
