import { escapeHtml, htmlDocument } from '../../mail/html';
import type { MailContent } from '../../mail/mail';

export interface EmailChangeNoticeParams {
  username: string;
  newEmail: string;
}

/** Sent to the old address when PATCH /auth/me asks for a new one: the owner hears of it, whoever asked. */
export const emailChangeNoticeMail = ({ username, newEmail }: EmailChangeNoticeParams): MailContent => ({
  subject: 'Your e-mail address is being changed',
  text: `Hello ${username},

Your account asked to use ${newEmail} instead of this address. It changes once the link sent there is opened.

If you did not ask for this, change your password now and keep this address.
`,
  html: htmlDocument([
    `Hello ${escapeHtml(username)},`,
    `Your account asked to use ${escapeHtml(newEmail)} instead of this address. It changes once the link sent there is opened.`,
    'If you did not ask for this, change your password now and keep this address.',
  ]),
});
