/**
 * The link that adds a guest record's bookings to the account of the same address (docs/tenants.md "Claiming a
 * guest record's stays"): opened while signed in with the account's password, it moves them.
 */
import type { MailSite } from '../format.js';
import { action, compose, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface GuestClaim {
  firstName: string;
  /** The guest record's stays (what the mail counts); its invoices go with them. */
  bookings: number;
  link: string;
  days: number;
  /** The site's password-reset page for this address. */
  resetLink: string;
}

const bookingsWord = (n: number) => (n === 1 ? '1 booking' : `${n} bookings`);

export function guestClaim(site: MailSite, m: GuestClaim): RenderedMail {
  const name = m.firstName.trim();
  const found = m.bookings > 0 ? bookingsWord(m.bookings) : 'invoices';
  return compose(site, `We found ${found} made with this address`, [
    paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
    paragraph(
      `we found ${found} made with this address without signing in. To see them in your ${site.name} account, sign in with your password, then open this link within ${m.days} days:`,
    ),
    action('Add them to my account', m.link),
    paragraph(
      'If you did not create this account, do not open the link: reset the password first, so that only you can sign in to it.',
    ),
    action('Reset the password', m.resetLink),
  ]);
}
