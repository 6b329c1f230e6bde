import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Mail } from './mail';

/** Where the sender hands a mail: an SMTP server, or (development without MAIL_URL) the log. */
export interface MailTransport {
  send(mail: Mail, from: string): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/**
 * nodemailer over SMTP. Bounded waits (nodemailer's defaults are minutes), so a server that hangs is one failed
 * attempt, retried later, well within the sender's lease on the row.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (mail, from) => {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

/**
 * The whole mail in the log: development without MAIL_URL, so that its links can be followed. Logged as the
 * message of an object: a string message has query parameters named like secrets scrubbed (`?token=[redacted]`,
 * common/logging), which would leave the link unusable; this one exists to be read.
 */
export function logTransport(logger = new Logger('Mail')): MailTransport {
  return {
    send: (mail, from) => {
      logger.log({ msg: formatMailForLog(mail, from) });
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

export function formatMailForLog({ to, subject, text }: Mail, from: string): string {
  return [
    'Not sent (MAIL_URL is not set); the mail:',
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    '',
    text,
  ].join('\n');
}
