/**
 * The mails one address may be sent by the public actions that mail a typed address (a registration's
 * activation link, a booking's confirmation), together, whatever IPs ask: without it anyone could have the
 * service mail any address again and again (a registration of a never-activated address re-sends the link on
 * every call), which annoys that person and costs the business its SES reputation. Counted by the action
 * itself once its own checks (fields, CAPTCHA) passed, so a malformed or unsolved request uses up no one's
 * mails. Site setting `mailsPerAddressPerDay` (docs/decisions.md "Limits of what mails someone").
 */
import { DEFAULT_SETTINGS, type SiteSettings } from '../domain/settings.js';
import { countEvent } from './rate-limit.js';

export const MAILS_PER_ADDRESS = {
  scope: 'mail-address',
  limit: DEFAULT_SETTINGS.mailsPerAddressPerDay,
  setting: 'mailsPerAddressPerDay',
  windowSeconds: 24 * 60 * 60,
  detail: 'Too many e-mails to this address today; try again tomorrow',
} as const;

/** Counts a mail to `address` (case and spaces folded); 429 with Retry-After when the address had its share. */
export const countMailTo = (
  address: string,
  settings: Pick<SiteSettings, 'mailsPerAddressPerDay'>,
  now: Date,
): Promise<void> => countEvent(MAILS_PER_ADDRESS, address, settings, now);
