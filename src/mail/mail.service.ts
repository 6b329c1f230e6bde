import { HttpStatus, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { plainHttpError } from '../common/errors/plain-http-error';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { DATABASE_CONNECTION } from '../database/database.module';
import type { DatabaseConnection } from '../database/database.client';
import type { Mail } from './mail';
import { MailOutboxRepository } from './mail-outbox.repository';

/** The channel a NOTIFY wakes every instance's sender on (LISTEN, see MailSender). */
export const MAIL_OUTBOX_CHANNEL = 'mail_outbox';

/**
 * Queues mail: a row of the outbox, sent in the background by MailSender, so the request answers at once and the
 * mail survives a restart. In production without MAIL_URL nothing can be sent: every call is 503, never a silent
 * drop.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger(MailService.name);
  private readonly unavailable: boolean;
  readonly appUrl: string;

  constructor(
    private readonly outbox: MailOutboxRepository,
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    config: ConfigService<Environment, true>,
  ) {
    this.unavailable =
      config.get('NODE_ENV', { infer: true }) === 'production' && !config.get('MAIL_URL', { infer: true });
    this.appUrl =
      config.get('APP_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`;
  }

  onModuleInit(): void {
    if (this.unavailable) {
      this.logger.warn(
        'MAIL_URL is not set: routes that send mail (sign-up, e-mail confirmation, password reset) answer 503',
      );
    }
  }

  /** 503 "Mail is not configured" when no mail can be sent: called before any work a mail is for. */
  assertAvailable(): void {
    if (this.unavailable) throw plainHttpError(HttpStatus.SERVICE_UNAVAILABLE, 'Mail is not configured');
  }

  /** A link of the app to `path` carrying `token`. */
  link(path: string, token: string): string {
    return `${this.appUrl}/${path}?token=${token}`;
  }

  async queue(mail: Mail): Promise<void> {
    this.assertAvailable();
    await this.outbox.add(mail);
    // After the insert: every instance's sender (this one's too) wakes and looks.
    await this.connection.query('select pg_notify($1, $2)', [MAIL_OUTBOX_CHANNEL, '']);
  }
}
