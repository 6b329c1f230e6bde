import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MailService } from '../mail/mail.service';
import { confirmEmailMail } from './mails/confirm-email.mail';
import { emailChangeNoticeMail } from './mails/email-change-notice.mail';
import { resetPasswordMail } from './mails/reset-password.mail';
import { newOneTimeToken } from './one-time-token';
import { OneTimeTokensRepository } from './one-time-tokens.repository';

/** The paths of the links, under APP_URL: the front end's pages that read `?token=` and call the API. */
export const CONFIRM_EMAIL_PATH = 'confirm-email';
export const RESET_PASSWORD_PATH = 'reset-password';

interface Recipient {
  id: number;
  username: string;
}

/** The account mails: each link's one-time token is stored (hashed) and the mail queued. */
@Injectable()
export class AccountMailer {
  private readonly emailTokenTtl: number;
  private readonly resetTokenTtl: number;

  constructor(
    private readonly mail: MailService,
    private readonly tokens: OneTimeTokensRepository,
    config: ConfigService<Environment, true>,
  ) {
    this.emailTokenTtl = config.get('EMAIL_TOKEN_TTL', { infer: true });
    this.resetTokenTtl = config.get('PASSWORD_RESET_TTL', { infer: true });
  }

  /** 503 when mail cannot be sent (production without MAIL_URL): called before the work a mail is for. */
  assertAvailable(): void {
    this.mail.assertAvailable();
  }

  /** A link to `email` that makes it the user's confirmed address. */
  async sendConfirmation(user: Recipient, email: string): Promise<void> {
    this.assertAvailable();
    const { token, hash } = newOneTimeToken();
    await this.tokens.create({
      tokenHash: hash,
      purpose: 'confirm-email',
      userId: user.id,
      email,
      lifetimeSeconds: this.emailTokenTtl,
    });
    const link = this.mail.link(CONFIRM_EMAIL_PATH, token);
    const hours = Math.max(1, Math.round(this.emailTokenTtl / 3600));
    await this.mail.queue({ to: email, ...confirmEmailMail({ username: user.username, link, hours }) });
  }

  async sendPasswordReset(user: Recipient & { email: string }): Promise<void> {
    this.assertAvailable();
    const { token, hash } = newOneTimeToken();
    await this.tokens.create({
      tokenHash: hash,
      purpose: 'reset-password',
      userId: user.id,
      lifetimeSeconds: this.resetTokenTtl,
    });
    const link = this.mail.link(RESET_PASSWORD_PATH, token);
    const minutes = Math.max(1, Math.round(this.resetTokenTtl / 60));
    await this.mail.queue({
      to: user.email,
      ...resetPasswordMail({ username: user.username, link, minutes }),
    });
  }

  async sendEmailChangeNotice(user: Recipient, oldEmail: string, newEmail: string): Promise<void> {
    await this.mail.queue({ to: oldEmail, ...emailChangeNoticeMail({ username: user.username, newEmail }) });
  }
}
