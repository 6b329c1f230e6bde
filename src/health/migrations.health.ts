import { Inject, Injectable, Logger } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { describeError } from '../common/errors/database-errors';
import { DATABASE_CONNECTION } from '../database/database.module';
import type { DatabaseConnection } from '../database/database.client';

/** Up when every migration in drizzle/ is applied: an instance is not ready on a schema older than its code. */
@Injectable()
export class MigrationsHealthIndicator {
  private readonly logger = new Logger(MigrationsHealthIndicator.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly health: HealthIndicatorService,
  ) {}

  isApplied(timeoutMs = 1_000) {
    return this.health
      .check('migrations')
      .attempt(async () => {
        const pending = await this.connection.pendingMigrations().catch((error: unknown) => {
          this.logger.warn(`Reading the applied migrations failed: ${describeError(error)}`);
          throw new Error('the applied migrations cannot be read');
        });
        if (pending > 0) throw new Error(`${pending} migration(s) not applied`);
        return {};
      })
      .withTimeout(timeoutMs);
  }
}
