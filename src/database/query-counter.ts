import { Injectable, Logger } from '@nestjs/common';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';

/** Drizzle's logger hook: counts every statement (tests prove batching with it) and logs it at verbose level. */
@Injectable()
export class QueryCounter implements DrizzleLogger {
  private readonly logger = new Logger('Database');
  private total = 0;

  get count(): number {
    return this.total;
  }

  logQuery(query: string): void {
    this.total += 1;
    this.logger.verbose(query);
  }
}
