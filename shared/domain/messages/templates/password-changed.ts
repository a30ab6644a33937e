/** The password of an account was changed by a reset (docs/tenants.md "Password reset"). */
import { type MailSite, moment } from '../format.js';
import { action, compose, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface PasswordChanged {
  firstName: string;
  /** When it was changed (ISO). */
  at: string;
  /** The site's reset page for this address, to take the account back. */
  resetLink: string;
}

export function passwordChanged(site: MailSite, m: PasswordChanged): RenderedMail {
  const name = m.firstName.trim();
  return compose(site, `Your ${site.name} password was changed`, [
    paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
    paragraph(
      `the password of your ${site.name} account was changed on ${moment(site, m.at)} through a reset link mailed to this address. Every device that was signed in is signed out.`,
    ),
    paragraph(
      'If this was not you, reset the password again now: the reset link comes only to this address.',
    ),
    action('Reset the password', m.resetLink),
  ]);
}
