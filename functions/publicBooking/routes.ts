/**
 * Public booking (spec "Public booking (controller publicBooking)"): availability, calendar, quote, coupon
 * check and book, exactly as the spec's table names them, plus the built-in CAPTCHA question that guest
 * booking, the contact form and the newsletter signup answer (DESIGN.md "Built-in CAPTCHA"). Never cached.
 * The rules are docs/pricing.md; the decisions the spec leaves open are docs/booking.md.
 */
import * as v from 'valibot';
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
 */
export const BOOK_LIMIT = {
  scope: 'book',
  limit: 20,
  windowSeconds: 60 * 60,
  key: 'ip',
  detail: 'Too many booking attempts from this address; try again later',
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
    'An unknown or invalid coupon is no error: the discount is 0 and couponApplied false. Availability is not checked (see availability and book).',
  auth: { kind: 'public' },
  body: quoteBody,
  aliases: { body: stayAliases },
  response: quoteResult,
  errors: {
    400: 'missing or malformed fields, or dateTo not after dateFrom, or a stay of more than 24 months',
    404: 'no such VR property on the website',
  },
});

export const validateCoupon = defineRoute({
  id: 'publicBooking.validateCoupon',
  group,
  tags,
  method: 'POST',
  path: `${base}/validateCoupon.json`,
  summary: 'Whether a coupon code applies to a property today, and why not',
  auth: { kind: 'public' },
  body: validateCouponBody,
  response: couponCheckResult,
  errors: { 400: 'missing propertyId or couponCode' },
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
    400: 'missing or malformed fields, CAPTCHA missing or wrong',
    401: 'a tenant session is required (apiBookingRequireLogin=1, or guest checkout off)',
    404: 'no such VR property on the website',
    409: 'the stay cannot be booked (the message names the first rule that fails, e.g. the last unit was just taken), or the coupon was used up since the quote',
    422: 'the Idempotency-Key was used with another request',
    429: 'more than 20 booking attempts from this IP in an hour',
    503: 'the CAPTCHA provider could not be reached',
  },
});

export const routes = [captcha, availability, calendar, quote, validateCoupon, book];
