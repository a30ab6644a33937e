/**
 * Where the account's mailed links lead (docs/tenants.md "Password reset", "Claiming a guest record's stays"):
 * the site's password-reset page (setting `tenantPasswordResetPageUrl`; without one, `/reset-password` on the
 * API's public base URL, the local runtime's page), with `email` and, from a reset mail, `token`; and the claim
 * endpoint itself, which answers a browser with a page (functions/publicAuth/activation-page.ts).
 */
import { requireEnv } from '../../config.js';
import type { SiteSettings } from '../../domain/settings.js';

export const CLAIM_PATH = '/API/publicAuth/V1/claimBookings.json';

const base = () => requireEnv('PUBLIC_BASE_URL').replace(/\/+$/, '');

/** The site's password-reset page. */
export const resetPageOf = (settings: Pick<SiteSettings, 'tenantPasswordResetPageUrl'>): string =>
  settings.tenantPasswordResetPageUrl || `${base()}/reset-password`;

/** The reset page for `email`: with `token`, the mailed link that sets a new password; without, to ask for one. */
export function passwordResetLink(
  settings: Pick<SiteSettings, 'tenantPasswordResetPageUrl'>,
  email: string,
  token?: string,
): string {
  const url = new URL(resetPageOf(settings));
  url.searchParams.set('email', email);
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

/** The mailed claim link: the claim endpoint with the token (the signed-in session names the account). */
export function guestClaimLink(token: string): string {
  const url = new URL(`${base()}${CLAIM_PATH}`);
  url.searchParams.set('token', token);
  return url.toString();
}
