import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import type { DatabaseConnection } from '../database/database.client';
import { DATABASE_CONNECTION } from '../database/database.module';
import { DatabaseSessionStore } from './database-session.store';
import { SESSION_STORE, SessionMiddleware } from './session.middleware';

/** The session store and middleware; a module that applies SessionMiddleware to its routes imports this one. */
@Module({
  providers: [
    {
      provide: SESSION_STORE,
      inject: [ConfigService, DATABASE_CONNECTION],
      useFactory: (config: ConfigService<Environment, true>, connection: DatabaseConnection) =>
        new DatabaseSessionStore({
          query: (text, values) => connection.query(text, values),
          maxSessions: config.get('SESSION_MAX_COUNT', { infer: true }),
          maxSessionsPerClient: config.get('SESSION_MAX_PER_CLIENT', { infer: true }),
        }),
    },
    SessionMiddleware,
  ],
  exports: [SESSION_STORE, SessionMiddleware],
})
export class SessionModule implements OnApplicationShutdown {
  constructor(@Inject(SESSION_STORE) private readonly store: DatabaseSessionStore) {}

  // Stops connect-pg-simple's prune timer.
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
