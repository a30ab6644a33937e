/**
 * How a mail writes amounts and dates: amounts in the site currency with two decimals, calendar dates as the
 * site writes them (a stay's `YYYY-MM-DD` is already the site's day), moments in the site's time zone.
 */
import { type SiteSettings, siteNameOf, siteUrlOf } from '../settings.js';

/** What every message takes from the site settings. */
export interface MailSite {
  /** Who writes: the one name the pages show too (settings.ts siteNameOf). */
  name: string;
  /** The website's address (settings `installUrl`): where a guest books again. */
  siteUrl: string;
  address: string;
  email: string;
  phone: string;
  currency: string;
  /** A BCP 47 locale (settings `localization` `en_US` → `en-US`). */
  locale: string;
  timeZone: string;
  /** The site's check-in and check-out times (`16:00`, `10:00`). */
  checkInTime: string;
  checkOutTime: string;
}

/** `publicBaseUrl`: the API's (PUBLIC_BASE_URL), whose home page stands in for a site that names no address. */
export function mailSiteOf(s: SiteSettings, publicBaseUrl: string): MailSite {
  return {
    name: siteNameOf(s),
    siteUrl: siteUrlOf(s, publicBaseUrl),
    address: s.businessAddress,
    email: s.businessEmail,
    phone: s.businessPhone || s.contactPhone,
    currency: s.paymentCurrency,
    locale: s.localization.replace('_', '-'),
    timeZone: s.systemTimeZone,
    checkInTime: s.vrCheckInTime,
    checkOutTime: s.vrCheckOutTime,
  };
}

/** A formatter of the locale, or of en-US when the runtime does not know the locale. */
function withLocale<T>(locale: string, make: (locale: string) => T): T {
  try {
    return make(locale);
  } catch {
    return make('en-US');
  }
}

/** `1234.5` in USD → `$1,234.50`; a currency the runtime does not know → `1,234.50 XYZ`. */
export function money(site: Pick<MailSite, 'currency' | 'locale'>, amount: number): string {
  const cents = Math.round(amount * 100);
  try {
    return withLocale(
      site.locale,
      (locale) =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: site.currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
    ).format(cents / 100);
  } catch {
    const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${plain.format(cents / 100)} ${site.currency}`;
  }
}

/** A calendar day `2027-08-01` → `Sunday, August 1, 2027` (the day itself: no time zone moves it). */
export function day(site: Pick<MailSite, 'locale'>, date: string): string {
  return withLocale(
    site.locale,
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }),
  ).format(new Date(`${date}T00:00:00Z`));
}

/** A moment (ISO time) in the site's time zone: `August 1, 2027 at 4:00 PM EDT`. */
export function moment(site: Pick<MailSite, 'locale' | 'timeZone'>, iso: string): string {
  const format = (timeZone: string) =>
    withLocale(
      site.locale,
      (locale) =>
        new Intl.DateTimeFormat(locale, {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone,
        }),
    );
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = format(site.timeZone);
  } catch {
    formatter = format('UTC');
  }
  const parts = formatter.format(new Date(iso));
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZoneName: 'short',
    timeZone: formatter.resolvedOptions().timeZone,
  })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${parts} ${zone}` : parts;
}

/** `2031-05` → `May 2031`. */
export function monthName(site: Pick<MailSite, 'locale'>, month: string): string {
  return withLocale(
    site.locale,
    (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(`${month}-01T00:00:00Z`));
}

/** `1 night`, `3 nights`. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
