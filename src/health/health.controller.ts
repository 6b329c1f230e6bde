import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../common/decorators/public.decorator';
import { DatabaseHealthIndicator } from './database.health';
import { MigrationsHealthIndicator } from './migrations.health';
import { Readiness } from './readiness';

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
    private readonly migrations: MigrationsHealthIndicator,
    private readonly readiness: Readiness,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Whether the database answers' })
  check() {
    return this.health.check([() => this.database.isHealthy()]);
  }

  /** Liveness: the process serves HTTP. No database call, so a database outage never gets the app restarted. */
  @Get('live')
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process serves HTTP' })
  live() {
    return this.health.check([]);
  }

  /** Readiness: send traffic here. 503 while the database does not answer, a migration is missing, or after SIGTERM. */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness: the database answers, its migrations are applied, no shutdown started',
  })
  ready() {
    return this.health.check([
      () => this.readiness.check(),
      () => this.database.isHealthy(),
      () => this.migrations.isApplied(),
    ]);
  }
}
