import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { PASSWORD_HASHER_LIMITS, PasswordHasher, type PasswordHasherLimits } from './password-hasher';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users' table, repository and service, and the password hasher: imported by auth/, demo/ and the users API. */
@Module({
  providers: [
    {
      provide: PASSWORD_HASHER_LIMITS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>): PasswordHasherLimits => ({
        concurrency: config.get('PASSWORD_HASH_CONCURRENCY', { infer: true }),
        queueLimit: config.get('PASSWORD_HASH_QUEUE_LIMIT', { infer: true }),
        perClientLimit: config.get('PASSWORD_HASH_CLIENT_LIMIT', { infer: true }),
      }),
    },
    PasswordHasher,
    UsersRepository,
    UsersService,
  ],
  exports: [UsersService, PasswordHasher],
})
export class UsersDataModule {}
