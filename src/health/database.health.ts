import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DATABASE_CONNECTION } from '../database/database.module';
import type { DatabaseConnection } from '../database/database.client';

@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly health: HealthIndicatorService,
  ) {}

  isHealthy(timeoutMs = 1_000) {
    return this.health
      .check('database')
      .attempt(async () => {
        await this.connection.ping();
        return { driver: this.connection.driver };
      })
      .withTimeout(timeoutMs);
  }
}
