import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailSender } from './mail-sender';
import { logTransport, MAIL_TRANSPORT, smtpTransport } from './mail-transport';
import { MailService } from './mail.service';

/**
 * Mail over SMTP (nodemailer) through an outbox table. Features import it and call MailService.queue; the
 * sender runs in the background on every instance.
 */
@Module({
  providers: [
    MailOutboxRepository,
    MailService,
    MailSender,
    {
      provide: MAIL_TRANSPORT,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        const url = config.get('MAIL_URL', { infer: true });
        // Production without MAIL_URL queues nothing (MailService answers 503): the log transport is never used.
        return url ? smtpTransport(url) : logTransport();
      },
    },
  ],
  exports: [MailService],
})
export class MailModule {}
