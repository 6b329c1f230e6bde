import { Inject, Injectable, Logger } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { describeError } from '../common/errors/database-errors';
import { ResourceShortageLog } from '../common/errors/resource-shortage-log';
import { DATABASE_CONNECTION } from '../database/database.module';
import type { DatabaseConnection } from '../database/database.client';

/**
 * Down when the database does not answer `select 1`, and also when it refused a statement for lack of resources
 * recently (ResourceShortageLog): a full disk or memory still answers the ping while every write fails. A write
 * probe would not tell either: a small row can still fit in a page or the WAL, and memory comes and goes.
 */
@Injectable()
export class DatabaseHealthIndicator {
  private readonly logger = new Logger(DatabaseHealthIndicator.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly health: HealthIndicatorService,
    private readonly shortages: ResourceShortageLog,
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
        // Logged when it happened (toHttpException); the code stays in the log.
        if (this.shortages.recent()) throw new Error('the database refused work for lack of resources');
        return { driver: this.connection.driver };
      })
      .withTimeout(timeoutMs);
  }
}
