/**
 * The claim link as a person opens it (docs/tenants.md "Claiming a guest record's stays"): the bookings added, or
 * what to do — sign in with the password first, or why the link cannot be used.
 */
import { escapeHtml } from '../../shared/domain/messages/layout.js';
import { page, type Site, siteLink } from './page-layout.js';

interface ClaimAnswer {
  reservationIds?: unknown;
  invoiceIds?: unknown;
}

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

export function claimSuccessPage(site: Site, answer: ClaimAnswer): string {
  const stays = count(answer.reservationIds);
  const invoices = count(answer.invoiceIds);
  const what =
    stays === 0 && invoices === 0
      ? 'Nothing was left to add: the bookings made with your address are in your account already.'
      : `We added ${stays === 1 ? '1 booking' : `${stays} bookings`}${invoices > 0 ? ` and ${invoices === 1 ? 'its invoice' : `${invoices} invoices`}` : ''} to your ${escapeHtml(site.name)} account.`;
  return page('Your bookings are in your account', `<p>${what}</p>${siteLink(site)}`);
}

export function claimErrorPage(site: Site, status: number, detail: string | undefined): string {
  if (status === 401)
    return page(
      'Sign in first',
      `<p>Sign in to your ${escapeHtml(site.name)} account with your password, then open the link in the e-mail again.</p><p>If you did not create this account, reset the password before you sign in: whoever registered it cannot read your e-mail, and the reset makes the account yours.</p>${siteLink(site)}`,
    );
  const reason =
    status === 429
      ? escapeHtml(detail ?? 'Too many attempts; try again later.')
      : status >= 500
        ? 'The bookings could not be added just now. Please try the link again in a few minutes.'
        : 'This link does not add bookings to the account you are signed in to: it is another account’s, it was used already, or it is older than 7 days.';
  return page('This link cannot be used', `<p>${reason}</p>${siteLink(site)}`);
}
