/** The tenant's account activation link (sent by the registration itself, not the message job: publicAuth). */
import type { MailSite } from '../format.js';
import { action, compose, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface Activation {
  firstName: string;
  link: string;
  hours: number;
}

export function activation(site: MailSite, m: Activation): RenderedMail {
  return compose(site, `Activate your ${site.name} account`, [
    paragraph(`Hello ${defang(m.firstName)},`),
    paragraph(`please activate your ${site.name} account by opening this link within ${m.hours} hours:`),
    action('Activate my account', m.link),
    paragraph('If you did not register, ignore this e-mail.'),
  ]);
}
