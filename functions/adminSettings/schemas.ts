/**
 * The settings PUT body: a strict whitelist of every SiteSettings field (typed so that a field added to
 * SiteSettings fails the type check here until it is given a rule). Any other field is a 400.
 */
import * as v from 'valibot';
import { CAPTCHA_PROVIDERS } from '../../shared/captcha/providers.js';
import { MESSAGE_KINDS } from '../../shared/domain/messages/kinds.js';
import { MAX_LIMIT_SETTING, type SiteSettings } from '../../shared/domain/settings.js';
import type { AnySchema } from '../../shared/http/route.js';
import { flag01, intLike, percent, text } from '../../shared/http/schemas.js';

const line = (max = 256) => v.optional(v.pipe(text(max), v.trim()));
const url = v.optional(
  v.pipe(
    text(512),
    v.trim(),
    v.check((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'must be an http(s) URL'),
  ),
);
const email = v.optional(
  v.pipe(
    text(254),
    v.trim(),
    v.check((s) => s === '' || /^[^\s@]+@[^\s@]+$/.test(s), 'must be an e-mail address'),
  ),
);
const clock = v.optional(
  v.pipe(v.string('must be a string'), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM')),
);
const timeZone = v.optional(
  v.pipe(
    v.string('must be a string'),
    v.check((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return zone !== '';
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  ),
);
const flag = v.optional(flag01);
// At least 1: a limit of 0 would refuse every request, not switch the limit off.
const limit = v.optional(intLike(1, MAX_LIMIT_SETTING));

export const settingsFields = {
  installUrl: url,
  logoUrl: url,
  siteName: line(128),
  businessName: line(128),
  businessAddress: line(512),
  businessEmail: email,
  businessPhone: line(40),
  businessTaxId: line(64),
  contactPhone: line(40),
  localization: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.regex(/^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/, 'must be a locale code such as en_US'),
    ),
  ),
  paymentCurrency: v.optional(
    v.pipe(v.string('must be a string'), v.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')),
  ),
  siteType: line(32),
  siteCategory: line(64),
  systemTimeZone: timeZone,
  systemDateFormat: line(32),
  vrCheckInTime: clock,
  vrCheckOutTime: clock,
  paymentCompleteMsg: line(2000),
  paymentEmail: email,
  uploadPath: line(512),
  VruploadPath: line(512),
  avatarFolder: line(512),
  propertyPicsPath: line(512),
  VrpropertyPicsPath: line(512),
  apiExposeBusinessTaxId: flag,
  apiExposeInternalPaths: flag,
  apiBookingGuestEnabled: flag,
  apiBookingRequireLogin: flag,
  apiCaptchaProvider: v.optional(
    v.picklist(CAPTCHA_PROVIDERS, `must be one of ${CAPTCHA_PROVIDERS.join(', ')}`),
  ),
  apiCaptchaSiteKey: line(256),
  apiCaptchaSecretKey: line(256),
  apiContactCaptchaEnabled: flag,
  apiSubscribeCaptchaEnabled: flag,
  vrTaxRate: v.optional(percent),
  vrTaxRate2: v.optional(percent),
  channelEnabled: flag,
  tenantActivationPageUrl: url,
  tenantPasswordResetPageUrl: url,
  // Up to a week: a hold longer than that is a reservation nobody paid for.
  bookingHoldMinutes: v.optional(intLike(0, 10_080)),
  paymentPageUrl: url,
  cancellationPolicy: v.optional(v.pipe(text(5000), v.trim())),
  preArrivalDays: v.optional(intLike(0, 30)),
  // At most 28: every month has the day.
  ownerStatementDay: v.optional(intLike(1, 28)),
  managementFeePercent: v.optional(percent),
  reminderDaysBefore: v.optional(intLike(0, 30)),
  mailMaxSendRate: v.optional(intLike(1, 10_000)),
  messagesOff: v.optional(
    v.pipe(
      v.array(
        v.picklist(MESSAGE_KINDS, `each must be one of ${MESSAGE_KINDS.join(', ')}`),
        'must be a list of message kinds',
      ),
      v.transform((kinds) => [...new Set(kinds)].sort()),
    ),
  ),
  registrationsPerIpPerHour: limit,
  bookingsPerIpPerHour: limit,
  contactMessagesPerIpPerDay: limit,
  contactMessagesPerAddressPerDay: limit,
  mailsPerAddressPerDay: limit,
  autopaySetupsPerTenantPerHour: limit,
} satisfies Record<keyof SiteSettings, AnySchema>;

export const updateSettingsBody = v.strictObject(settingsFields);
export type SettingsUpdate = v.InferOutput<typeof updateSettingsBody>;
