/**
 * Site settings: one record. The public view is a whitelist, so a secret stored beside the settings (CAPTCHA
 * secret, integration keys) can never leak through it; businessTaxId and the internal paths appear only
 * behind their opt-in flags (spec "Site settings").
 */
import type { MessageKind } from './messages/kinds.js';

export interface SiteSettings {
  installUrl: string;
  logoUrl: string;
  siteName: string;
  businessName: string;
  businessAddress: string;
  businessEmail: string;
  businessPhone: string;
  businessTaxId: string;
  contactPhone: string;
  localization: string;
  paymentCurrency: string;
  siteType: string;
  siteCategory: string;
  systemTimeZone: string;
  systemDateFormat: string;
  vrCheckInTime: string;
  vrCheckOutTime: string;
  paymentCompleteMsg: string;
  paymentEmail: string;
  uploadPath: string;
  VruploadPath: string;
  avatarFolder: string;
  propertyPicsPath: string;
  VrpropertyPicsPath: string;
  apiExposeBusinessTaxId: 0 | 1;
  apiExposeInternalPaths: 0 | 1;
  apiBookingGuestEnabled: 0 | 1;
  apiBookingRequireLogin: 0 | 1;
  apiCaptchaProvider: string;
  apiCaptchaSiteKey: string;
  /**
   * Secret: verifies third-party CAPTCHA tokens. Stored encrypted (shared/captcha/secret-key.ts), opened only
   * where a token is verified; never in a response.
   */
  apiCaptchaSecretKey: string;
  apiContactCaptchaEnabled: 0 | 1;
  apiSubscribeCaptchaEnabled: 0 | 1;
  vrTaxRate: number;
  vrTaxRate2: number;
  channelEnabled: 0 | 1;
  /**
   * The site's page that activates a tenant account (it reads tenantEmail, hash and applyToLeaseId from its
   * query and calls activate.json). Empty: the e-mailed link opens the API's own activation page.
   */
  tenantActivationPageUrl: string;
  /**
   * The site's page where a tenant asks for a password reset and, opened from the reset mail with `email` and
   * `token` in its query, chooses the new password (it calls passwordReset.json and passwordReset/confirm.json).
   * Empty: the local runtime's own page (`/reset-password` on the API's public base URL), which a deployed site
   * replaces with its own, as with paymentPageUrl.
   */
  tenantPasswordResetPageUrl: string;
  /**
   * Minutes a website booking with an amount due is held (status "0") before the hold-expiry job releases it
   * unpaid (DESIGN.md "Bookings that are not paid yet"); 0 confirms every booking at once (the legacy way).
   */
  bookingHoldMinutes: number;
  /**
   * The site's page where a payer pays an invoice: the payment link (`paymentUrl`) is this page with
   * `invoiceId` and `token` (DESIGN.md "The payment link"). Empty: the local runtime's own page (`/pay` on the
   * API's public base URL), which a deployed site replaces with its own.
   */
  paymentPageUrl: string;
  /** The site's cancellation policy, as booking confirmations and cancellations quote it ('' leaves it out). */
  cancellationPolicy: string;
  /** Days before check-in the pre-arrival message goes out (DESIGN.md "Messages to people"). */
  preArrivalDays: number;
  /** Day of the month each landlord is mailed the last month's owner statement. */
  ownerStatementDay: number;
  /**
   * The management fee, a percent of a property's income (deposits aside), charged to its landlord each month
   * as an OWNER invoice (docs/reports.md "Management fee"); a property's own `managementFeePercent` wins.
   */
  managementFeePercent: number;
  /** Days before a rent invoice's due date its tenant is reminded while it is unpaid (0: on the day). */
  reminderDaysBefore: number;
  /**
   * Message kinds not sent (shared/domain/messages/kinds.ts); the log shows each as `skipped`. By default the
   * notice that an unpaid hold ran out (docs/messages.md "One mail per booking").
   */
  messagesOff: MessageKind[];
  /**
   * The most mails the mail sender sends a second (1–10,000), under SES's own rate of the account
   * (docs/messages.md "Paced to SES"): room left for other senders of the account.
   */
  mailMaxSendRate: number;
  /**
   * Limits of the public actions that mail someone or store what a visitor typed, and of autopay setups
   * (docs/decisions.md "Limits of what mails someone"): requests per window, counted in the table.
   */
  registrationsPerIpPerHour: number;
  bookingsPerIpPerHour: number;
  contactMessagesPerIpPerDay: number;
  contactMessagesPerAddressPerDay: number;
  /** Activation and booking mails to one address, together, from any IPs. */
  mailsPerAddressPerDay: number;
  autopaySetupsPerTenantPerHour: number;
}

/** The settings that hold a limit's count (shared/http/route.ts RateLimit `setting`). */
export const LIMIT_SETTINGS = [
  'registrationsPerIpPerHour',
  'bookingsPerIpPerHour',
  'contactMessagesPerIpPerDay',
  'contactMessagesPerAddressPerDay',
  'mailsPerAddressPerDay',
  'autopaySetupsPerTenantPerHour',
] as const satisfies readonly (keyof SiteSettings)[];

export type LimitSetting = (typeof LIMIT_SETTINGS)[number];

/**
 * The one name people see, in the pages and the mails alike: the site's name (what the business calls itself
 * on its website), else its legal name (`businessName`), else the default.
 */
export const siteNameOf = (s: Pick<SiteSettings, 'siteName' | 'businessName'>): string =>
  s.siteName.trim() || s.businessName.trim() || 'Rental Properties';

/**
 * The website's address (`installUrl`); when none is set, the API's own home page (`/` on its public base URL):
 * the local runtime serves one there, on whatever port it runs.
 */
export const siteUrlOf = (s: Pick<SiteSettings, 'installUrl'>, publicBaseUrl: string): string =>
  s.installUrl.trim() || `${publicBaseUrl.replace(/\/+$/, '')}/`;

/** The largest value a limit setting takes: past it a limit limits nothing. */
export const MAX_LIMIT_SETTING = 100_000;

export const DEFAULT_SETTINGS: SiteSettings = {
  // Empty: the API's own home page (siteUrlOf), which follows the local runtime to whichever port it is on.
  installUrl: '',
  logoUrl: '',
  siteName: 'Rental Properties',
  businessName: '',
  businessAddress: '',
  businessEmail: '',
  businessPhone: '',
  businessTaxId: '',
  contactPhone: '',
  localization: 'en_US',
  paymentCurrency: 'USD',
  siteType: 'both',
  siteCategory: '',
  systemTimeZone: 'America/New_York',
  systemDateFormat: 'm/d/Y',
  vrCheckInTime: '16:00',
  vrCheckOutTime: '10:00',
  paymentCompleteMsg: 'Thank you for your payment.',
  paymentEmail: '',
  uploadPath: '',
  VruploadPath: '',
  avatarFolder: '',
  propertyPicsPath: '',
  VrpropertyPicsPath: '',
  apiExposeBusinessTaxId: 0,
  apiExposeInternalPaths: 0,
  apiBookingGuestEnabled: 1,
  apiBookingRequireLogin: 0,
  apiCaptchaProvider: 'builtin',
  apiCaptchaSiteKey: '',
  apiCaptchaSecretKey: '',
  apiContactCaptchaEnabled: 0,
  apiSubscribeCaptchaEnabled: 0,
  vrTaxRate: 0,
  vrTaxRate2: 0,
  channelEnabled: 0,
  tenantActivationPageUrl: '',
  tenantPasswordResetPageUrl: '',
  bookingHoldMinutes: 1440,
  paymentPageUrl: '',
  cancellationPolicy: '',
  preArrivalDays: 2,
  ownerStatementDay: 3,
  // A common management fee for long-term rentals (8–12 % of the rent collected); set it to what the owners
  // signed, per property where it differs.
  managementFeePercent: 10,
  reminderDaysBefore: 3,
  // A booking mails once: its confirmation already says until when the dates are held and that they are
  // released unpaid, so the notice that they were is a second mail to an address a stranger may have typed.
  messagesOff: ['holdExpired'],
  // Above SES's default production rate (14/s) and a raised one (200/s): SES's own rate paces by default.
  mailMaxSendRate: 1000,
  // A person never meets these: a family registers once and books a handful of stays; an office or a hotel
  // shares one address among many people.
  registrationsPerIpPerHour: 10,
  bookingsPerIpPerHour: 20,
  contactMessagesPerIpPerDay: 20,
  contactMessagesPerAddressPerDay: 5,
  mailsPerAddressPerDay: 10,
  autopaySetupsPerTenantPerHour: 10,
};

/** The settings every website caller reads. */
export const PUBLIC_FIELDS = [
  'installUrl',
  'logoUrl',
  'siteName',
  'businessName',
  'businessAddress',
  'businessEmail',
  'businessPhone',
  'contactPhone',
  'localization',
  'paymentCurrency',
  'siteType',
  'siteCategory',
  'systemTimeZone',
  'systemDateFormat',
  'vrCheckInTime',
  'vrCheckOutTime',
  'paymentCompleteMsg',
  'paymentEmail',
] as const satisfies readonly (keyof SiteSettings)[];

/** Shown publicly only with apiExposeInternalPaths=1. */
export const INTERNAL_PATH_FIELDS = [
  'uploadPath',
  'VruploadPath',
  'avatarFolder',
  'propertyPicsPath',
  'VrpropertyPicsPath',
] as const satisfies readonly (keyof SiteSettings)[];

export function publicSettingsView(s: SiteSettings) {
  return {
    ...pick(s, PUBLIC_FIELDS),
    ...(s.apiExposeBusinessTaxId === 1 ? { businessTaxId: s.businessTaxId } : {}),
    ...(s.apiExposeInternalPaths === 1 ? pick(s, INTERNAL_PATH_FIELDS) : {}),
    apiPolicy: {
      apiBookingGuestEnabled: s.apiBookingGuestEnabled,
      apiBookingRequireLogin: s.apiBookingRequireLogin,
      apiCaptchaProvider: s.apiCaptchaProvider,
      apiCaptchaSiteKey: s.apiCaptchaSiteKey,
      apiContactCaptchaEnabled: s.apiContactCaptchaEnabled,
      apiSubscribeCaptchaEnabled: s.apiSubscribeCaptchaEnabled,
    },
  };
}

function pick<K extends keyof SiteSettings>(s: SiteSettings, fields: readonly K[]): Pick<SiteSettings, K> {
  // Object.fromEntries types its keys as string: the cast gives back the names it was given.
  return Object.fromEntries(fields.map((f) => [f, s[f]])) as Pick<SiteSettings, K>;
}
