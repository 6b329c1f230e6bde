import { escapeHtml, htmlDocument } from '../../mail/html';
import type { MailContent } from '../../mail/mail';

export interface ConfirmEmailParams {
  username: string;
  /** `<APP_URL>/confirm-email?token=…` */
  link: string;
  /** How long the link stays valid (EMAIL_TOKEN_TTL). */
  hours: number;
}

/** Sent at sign-up, on a resend, and to a new address asked for by PATCH /auth/me. */
export const confirmEmailMail = ({ username, link, hours }: ConfirmEmailParams): MailContent => ({
  subject: 'Confirm your e-mail address',
  text: `Hello ${username},

Open this link to confirm that this address is yours:

${link}

The link works once and for ${hours} hours. If you did not ask for it, ignore this mail.
`,
  html: htmlDocument([
    `Hello ${escapeHtml(username)},`,
    'Open this link to confirm that this address is yours:',
    `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    `The link works once and for ${hours} hours. If you did not ask for it, ignore this mail.`,
  ]),
});
