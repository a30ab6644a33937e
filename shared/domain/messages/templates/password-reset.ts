/** A password reset link (docs/tenants.md "Password reset"), asked for on the site's reset page. */
import type { MailSite } from '../format.js';
import { action, compose, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface PasswordReset {
  firstName: string;
  link: string;
  minutes: number;
}

export function passwordReset(site: MailSite, m: PasswordReset): RenderedMail {
  const name = m.firstName.trim();
  return compose(site, `Reset your ${site.name} password`, [
    paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
    paragraph(
      `someone asked to reset the password of your ${site.name} account. To choose a new one, open this link within ${m.minutes} minutes; it works once:`,
    ),
    action('Choose a new password', m.link),
    paragraph(
      'Setting a new password signs out every device signed in to the account. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ),
  ]);
}
