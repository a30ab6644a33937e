/**
 * The site's payment page and a link to it (DESIGN.md "The payment link"), apart from the token's keeping
 * (pay-link.ts), so a caller that only needs the page's address (autopay's `return_url`) needs no data key.
 */
import { requireEnv } from '../../config.js';
import type { SiteSettings } from '../../domain/settings.js';

/** The site's payment page; without one, the API's own (`/pay` on its public base URL: the local runtime's). */
export const paymentPageOf = (settings: Pick<SiteSettings, 'paymentPageUrl'>): string =>
  settings.paymentPageUrl || `${requireEnv('PUBLIC_BASE_URL').replace(/\/+$/, '')}/pay`;

export function paymentUrlOf(page: string, invoiceId: number, token: string): string {
  const url = new URL(page);
  url.searchParams.set('invoiceId', String(invoiceId));
  url.searchParams.set('token', token);
  return url.toString();
}
