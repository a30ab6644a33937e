/** The tenant's account activation link (sent by the registration itself, not the message job: publicAuth). */
import type { MailSite } from '../format.js';
import { action, compose, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface Activation {
  firstName: string;
  link: string;
  hours: number;
  /** The site's password-reset page for this address (docs/tenants.md "Password reset"). */
  resetLink: string;
}

/**
 * Anyone may register any address, so the mail says what to do when its reader did not: the account would be
 * active with someone else's password once the link is opened, and a reset makes it the mailbox owner's.
 */
export const NOT_YOURS =
  'If you did not create this account, reset the password: whoever registered it cannot read your e-mail, and the reset makes the account yours (it also ends every session of it).';

export function activation(site: MailSite, m: Activation): RenderedMail {
  return compose(site, `Activate your ${site.name} account`, [
    paragraph(`Hello ${defang(m.firstName)},`),
    paragraph(`please activate your ${site.name} account by opening this link within ${m.hours} hours:`),
    action('Activate my account', m.link),
    paragraph(NOT_YOURS),
    action('Reset the password', m.resetLink),
  ]);
}
