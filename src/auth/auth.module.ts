import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { JwtAuthGuard } from './jwt-auth.guard';
import { RolesGuard } from './roles.guard';
import { SignupEnabledGuard } from './signup-enabled.guard';
import type { Environment } from '../config/environment';
import { type Database, DATABASE } from '../database/database.types';
import { UsersDataModule } from '../users/users-data.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { REFRESH_TOKEN_LIFETIME, RefreshTokensService } from './refresh-tokens.service';
import { loginThrottlers } from './login-throttler.guard';
import { DatabaseThrottlerStorage } from './throttle/database-throttler.storage';
import { WriteThrottle } from './throttle/write-throttle';
import { RefreshThrottlerGuard, WriteThrottlerGuard } from './write-throttler.guard';
import { ACCESS_TOKEN_LIFETIME } from './token-payload';
import { MailModule } from '../mail/mail.module';
import { AccountController } from './account.controller';
import { AccountMailer } from './account-mailer';
import { AccountService } from './account.service';
import { REQUIRE_VERIFIED_EMAIL } from './auth.service';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { REFRESH_REUSE_GRACE } from './refresh-tokens.service';

@Module({
  imports: [
    UsersDataModule,
    MailModule,
    // Global, so the guard and any feature can verify or sign tokens without importing it.
    JwtModule.registerAsync({
      global: true,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a PEM public
        // key on every verify (a thrown error each time, ~0.4 ms; measured by `npm run bench -- http-auth`).
        secret: createSecretKey(Buffer.from(config.get('JWT_SECRET', { infer: true }))),
        signOptions: { algorithm: 'HS256', expiresIn: config.get('JWT_EXPIRES_IN', { infer: true }) },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    // The counters live in the database, so that every instance on one PostgreSQL counts the same attempts.
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, DATABASE],
      useFactory: (config: ConfigService<Environment, true>, db: Database) => ({
        throttlers: loginThrottlers({
          perUsername: config.get('LOGIN_THROTTLE_LIMIT', { infer: true }),
          perAddress: config.get('LOGIN_THROTTLE_ADDRESS_LIMIT', { infer: true }),
          windowSeconds: config.get('LOGIN_THROTTLE_TTL', { infer: true }),
        }),
        storage: new DatabaseThrottlerStorage(db),
      }),
    }),
  ],
  controllers: [AuthController, AccountController],
  providers: [
    AuthService,
    AccountService,
    AccountMailer,
    OneTimeTokensRepository,
    SignupEnabledGuard,
    RefreshTokensRepository,
    RefreshTokensService,
    {
      provide: REFRESH_TOKEN_LIFETIME,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        config.get('REFRESH_TOKEN_TTL', { infer: true }),
    },
    {
      provide: REFRESH_REUSE_GRACE,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        config.get('REFRESH_REUSE_GRACE_SECONDS', { infer: true }),
    },
    {
      provide: REQUIRE_VERIFIED_EMAIL,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        config.get('REQUIRE_VERIFIED_EMAIL', { infer: true }),
    },
    {
      provide: ACCESS_TOKEN_LIFETIME,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => config.get('JWT_EXPIRES_IN', { infer: true }),
    },
    WriteThrottle,
    RefreshThrottlerGuard,
    // In this order: RolesGuard reads the payload JwtAuthGuard attaches; only a write allowed so far is counted.
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: WriteThrottlerGuard },
  ],
})
export class AuthModule {}
