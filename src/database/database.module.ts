import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { StartupError, startupFailureMessage } from '../common/errors/startup-error';
import type { Environment } from '../config/environment';
import { DatabaseConnection, openDatabase } from './database.client';
import { DatabasePubSub } from './database-pubsub';
import { DATABASE } from './database.types';
import { QueryCounter } from './query-counter';

export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION');

@Global()
@Module({
  providers: [
    QueryCounter,
    {
      provide: DATABASE_CONNECTION,
      inject: [ConfigService, QueryCounter],
      useFactory: async (config: ConfigService<Environment, true>, logger: QueryCounter) => {
        const connection = await openDatabase({
          url: config.get('DATABASE_URL', { infer: true }),
          dataDir: config.get('DATA_DIR', { infer: true }),
          poolMax: config.get('DATABASE_POOL_MAX', { infer: true }),
          statementTimeoutMs: config.get('DATABASE_STATEMENT_TIMEOUT_MS', { infer: true }),
          logger,
        });
        try {
          await connection.migrate();
        } catch (error) {
          // Frees DATA_DIR's lock now rather than when the process exits; the migration's error is the one to report.
          await connection.close().catch(() => undefined);
          // The server away, refusing the login, a migration it cannot apply: the operator's to fix, in one line.
          throw new StartupError(`Could not migrate the database: ${startupFailureMessage(error)}`, {
            cause: error,
          });
        }
        return connection;
      },
    },
    {
      provide: DATABASE,
      inject: [DATABASE_CONNECTION],
      useFactory: (connection: DatabaseConnection) => connection.db,
    },
    {
      provide: DatabasePubSub,
      inject: [DATABASE_CONNECTION],
      useFactory: (connection: DatabaseConnection) => new DatabasePubSub(connection),
    },
  ],
  exports: [DATABASE, DATABASE_CONNECTION, QueryCounter, DatabasePubSub],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly pubsub: DatabasePubSub,
  ) {}

  // Runs after the HTTP server has stopped taking requests and finished those in flight.
  async onApplicationShutdown(): Promise<void> {
    await this.pubsub.close();
    await this.connection.close();
  }
}
