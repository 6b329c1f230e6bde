import { Inject, Injectable, Logger } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { describeError } from '../common/errors/database-errors';
import { DATABASE_CONNECTION } from '../database/database.module';
import type { DatabaseConnection } from '../database/database.client';

@Injectable()
export class DatabaseHealthIndicator {
  private readonly logger = new Logger(DatabaseHealthIndicator.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly health: HealthIndicatorService,
  ) {}

  isHealthy(timeoutMs = 1_000) {
    return this.health
      .check('database')
      .attempt(async () => {
        // The driver's message names hosts and ports: the log gets it, the public answer does not.
        await this.connection.ping().catch((error: unknown) => {
          this.logger.warn(`Ping failed: ${describeError(error)}`);
          throw new Error('the database does not answer');
        });
        return { driver: this.connection.driver };
      })
      .withTimeout(timeoutMs);
  }
}
