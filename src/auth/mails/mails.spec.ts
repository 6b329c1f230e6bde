import { confirmEmailMail } from './confirm-email.mail';
import { emailChangeNoticeMail } from './email-change-notice.mail';
import { resetPasswordMail } from './reset-password.mail';

const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';

describe('account mails', () => {
  it.each([
    ['confirmation', confirmEmailMail({ username: 'carol', link, hours: 24 })],
    ['reset', resetPasswordMail({ username: 'carol', link, minutes: 15 })],
  ])('should carry the link whole in the text part and the HTML part of the %s mail', (_name, mail) => {
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('should say how long each link works', () => {
    expect(confirmEmailMail({ username: 'carol', link, hours: 24 }).text).toContain('24 hours');
    expect(resetPasswordMail({ username: 'carol', link, minutes: 15 }).text).toContain('15 minutes');
  });

  it('should escape what a user chose in the HTML part and leave the text part as written', () => {
    const mail = emailChangeNoticeMail({ username: 'carol', newEmail: '"<b>"@example.com' });

    expect(mail.html).toContain('&quot;&lt;b&gt;&quot;@example.com');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('"<b>"@example.com');
  });
});
