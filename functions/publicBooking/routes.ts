/**
 * Public booking (spec "Public booking (controller publicBooking)"): availability, calendar, quote, coupon
 * check and book, exactly as the spec's table names them, plus the built-in CAPTCHA question that guest
 * booking, the contact form and the newsletter signup answer (DESIGN.md "Built-in CAPTCHA"). Never cached.
 * The rules are docs/pricing.md; the decisions the spec leaves open are docs/booking.md.
 */
import * as v from 'valibot';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings.js';
import { defineRoute, type RateLimit } from '../../shared/http/route.js';
import {
  availabilityQuery,
  availabilityResult,
  bookBody,
  bookingResult,
  calendarQuery,
  calendarResult,
  couponCheckResult,
  propertyParams,
  quoteBody,
  quoteResult,
  validateCouponBody,
} from './schemas.js';

const group = 'publicBooking';
const base = '/API/publicBooking/V1';
const tags = ['Public booking'];

/**
 * Spec "Book rules" 4 (data-model R8): bookings per client IP, counted before validation, so malformed posts
 * count too. A family books a handful of stays; 20 an hour lets a shared address (an office, a hotel) through.
 * A site setting (docs/decisions.md "Limits of what mails someone"); the mails to one guest address are
 * limited by the booking itself (booking.ts), once the CAPTCHA passed.
 */
export const BOOK_LIMIT = {
  scope: 'book',
  limit: DEFAULT_SETTINGS.bookingsPerIpPerHour,
  setting: 'bookingsPerIpPerHour',
  windowSeconds: 60 * 60,
  key: 'ip',
  detail: 'Too many booking attempts from this address; try again later',
} as const satisfies RateLimit;

/**
 * Quotes per client IP (docs/booking.md "Limits"): a page that quotes on every change of dates or guests sends
 * a few a minute for one visitor, a handful of visitors behind one address (an office, a hotel) a few dozen;
 * 60 a minute is far beyond that and bounds a script.
 */
export const QUOTE_LIMIT = {
  scope: 'quote',
  limit: 60,
  windowSeconds: 60,
  key: 'ip',
  detail: 'Too many quotes from this address; try again in a minute',
} as const satisfies RateLimit;

/**
 * Quotes that carry a coupon code, per client IP: `couponApplied` says whether a code applies, so they are a
 * coupon check too. 30 in 10 minutes lets a visitor with a code try many stays, and holds a guesser to the
 * pace of validateCoupon's limit (docs/booking.md "Limits").
 */
export const QUOTE_COUPON_LIMIT = {
  scope: 'quote-coupon',
  limit: 30,
  windowSeconds: 10 * 60,
  key: { ipWhenBodyField: 'couponCode' },
  detail: 'Too many quotes with a coupon code from this address; try again later',
} as const satisfies RateLimit;

/**
 * Coupon checks per client IP (docs/booking.md "Limits"): a visitor checks the one or two codes they were
 * given; 10 in 10 minutes allows typos and a second try, and holds a guesser to 1,440 codes a day per address.
 */
export const VALIDATE_COUPON_LIMIT = {
  scope: 'validate-coupon',
  limit: 10,
  windowSeconds: 10 * 60,
  key: 'ip',
  detail: 'Too many coupon checks from this address; try again later',
} as const satisfies RateLimit;

const stayAliases = { serviceID: 'propertyId', bAdults: 'adults', bChildren: 'children', bPets: 'pets' };

export const captcha = defineRoute({
  id: 'publicBooking.captcha',
  group,
  tags,
  method: 'GET',
  path: `${base}/captcha.json`,
  summary: 'A built-in CAPTCHA question and its signed, expiring, single-use answer token',
  description:
    'Post the answer as `captcha` and the token as `captcha_sum`. The token expires after 10 minutes and is used up by one answer, right or wrong. Never cached: every call is a new question.',
  auth: { kind: 'public' },
  beyondSpec:
    'DESIGN.md "Built-in CAPTCHA": the spec names captcha and captcha_sum but not where the question comes from.',
  response: v.object({ question: v.string(), captcha_sum: v.string(), expiresIn: v.number() }),
  errors: { 503: 'no CAPTCHA secret configured' },
});

export const availability = defineRoute({
  id: 'publicBooking.availability',
  group,
  tags,
  method: 'GET',
  path: `${base}/availability/{propertyId}.json`,
  summary: 'Whether a stay can be booked, its price for one adult, its night rates and free units',
  description:
    '`available: false` names the first bookable rule that fails (docs/pricing.md "When a stay can be booked"). `price` is the quote total for 1 adult, no pets, no coupon, when available; `intervals` is the night count, `spots` the fewest free units over the nights.',
  auth: { kind: 'public' },
  params: propertyParams,
  query: availabilityQuery,
  aliases: { query: { from: 'dateFrom', to: 'dateTo' } },
  response: availabilityResult,
  errors: { 400: 'missing or malformed propertyId, dateFrom or dateTo, or dateTo not after dateFrom' },
});

export const calendar = defineRoute({
  id: 'publicBooking.calendar',
  group,
  tags,
  method: 'GET',
  path: `${base}/calendar/{propertyId}.json`,
  summary: 'Reserved and blocked ranges and the rate of every date, from today for `months` months',
  description:
    'months: default 12, at most 24 (a larger value is taken as 24, one below 1 as the default). `today` is the date in the site time zone.',
  auth: { kind: 'public' },
  params: propertyParams,
  query: calendarQuery,
  response: calendarResult,
  errors: { 400: 'months not a whole number', 404: 'no such VR property on the website' },
});

export const quote = defineRoute({
  id: 'publicBooking.quote',
  group,
  tags,
  method: 'POST',
  path: `${base}/quote.json`,
  summary: 'The price of a stay, figure by figure (docs/pricing.md)',
  description:
    'An unknown or invalid coupon is no error: the discount is 0 and couponApplied false. Availability is not checked (see availability and book). adults may be 0 here (a booking needs 1).',
  auth: { kind: 'public' },
  body: quoteBody,
  aliases: { body: stayAliases },
  rateLimits: [QUOTE_LIMIT, QUOTE_COUPON_LIMIT],
  response: quoteResult,
  errors: {
    400: 'missing or malformed fields, or dateTo not after dateFrom, or a stay of more than 24 months',
    404: 'no such VR property on the website',
    429: 'more than 60 quotes from this IP in a minute, or more than 30 with a coupon code in 10 minutes',
  },
});

export const validateCoupon = defineRoute({
  id: 'publicBooking.validateCoupon',
  group,
  tags,
  method: 'POST',
  path: `${base}/validateCoupon.json`,
  summary: 'Whether a coupon code applies to a property today',
  description:
    'A code that does not apply answers valid false with one message, "Not a valid coupon code for this property", whether it is unknown, inactive, expired, used up or another property’s; only a code of this property that applies from a later day says so (with its type and value). type and value are set only then and when valid.',
  auth: { kind: 'public' },
  body: validateCouponBody,
  rateLimits: [VALIDATE_COUPON_LIMIT],
  response: couponCheckResult,
  errors: {
    400: 'missing propertyId or couponCode',
    429: 'more than 10 coupon checks from this IP in 10 minutes',
  },
});

export const book = defineRoute({
  id: 'publicBooking.book',
  group,
  tags,
  method: 'POST',
  path: `${base}/book.json`,
  summary: 'Book a stay: reservation, order, invoice and tenant in one transaction',
  description:
    "With a tenant session the booking is the tenant's; otherwise, when the site allows guest checkout (apiBookingGuestEnabled=1, apiBookingRequireLogin=0), a guest e-mail and a passed CAPTCHA of the site's provider. Without name or e-mail nothing is booked: `requiresPortal: true` and the quote. On success `invoiceId` is set when the total is above 0 and `message` says to pay through the guest portal. Accepts `Idempotency-Key`.",
  auth: { kind: 'optionalTenant' },
  body: bookBody,
  aliases: {
    body: { ...stayAliases, bAddress: 'address', bCity: 'city', bState: 'state', bZip: 'zip' },
  },
  rateLimits: [BOOK_LIMIT],
  idempotency: true,
  response: bookingResult,
  errors: {
    400: 'missing or malformed fields (adults below 1: a booking needs an adult), CAPTCHA missing or wrong',
    401: 'a tenant session is required (apiBookingRequireLogin=1, or guest checkout off)',
    404: 'no such VR property on the website',
    409: 'the stay cannot be booked (the message names the first rule that fails, e.g. the last unit was just taken), or the coupon code does not apply (as validateCoupon says it) or was used up since the quote',
    422: 'the Idempotency-Key was used with another request',
    429: 'too many booking attempts from this IP in an hour (site setting bookingsPerIpPerHour, default 20), or too many mails to this e-mail address in 24 hours (mailsPerAddressPerDay, default 10, activation mails included)',
    503: 'the CAPTCHA provider could not be reached',
  },
});

export const routes = [captcha, availability, calendar, quote, validateCoupon, book];
