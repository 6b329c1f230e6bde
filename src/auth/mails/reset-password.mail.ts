import { escapeHtml, htmlDocument } from '../../mail/html';
import type { MailContent } from '../../mail/mail';

export interface ResetPasswordParams {
  username: string;
  /** `<APP_URL>/reset-password?token=…` */
  link: string;
  /** How long the link stays valid (PASSWORD_RESET_TTL). */
  minutes: number;
}

/** Sent by POST /auth/password/forgot to an address that has an account. */
export const resetPasswordMail = ({ username, link, minutes }: ResetPasswordParams): MailContent => ({
  subject: 'Reset your password',
  text: `Hello ${username},

Someone (you, we hope) asked to reset the password of your account. Open this link to choose a new one:

${link}

The link works once and for ${minutes} minutes; every login of the account ends when the password is reset.
If you did not ask for it, ignore this mail: your password stays as it is.
`,
  html: htmlDocument([
    `Hello ${escapeHtml(username)},`,
    'Someone (you, we hope) asked to reset the password of your account. Open this link to choose a new one:',
    `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    `The link works once and for ${minutes} minutes; every login of the account ends when the password is reset.`,
    'If you did not ask for it, ignore this mail: your password stays as it is.',
  ]),
});
