import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { PASSWORD_HASH_CONCURRENCY, PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  providers: [
    {
      provide: PASSWORD_HASH_CONCURRENCY,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        config.get('PASSWORD_HASH_CONCURRENCY', { infer: true }),
    },
    PasswordHasher,
    UsersRepository,
    UsersService,
  ],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
