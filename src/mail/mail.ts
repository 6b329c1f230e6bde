/** One mail: a text part always, an HTML part when the template has one. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What a template makes: the mail without its recipient. */
export type MailContent = Omit<Mail, 'to'>;
