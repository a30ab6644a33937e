/**
 * Request and response schemas of the public booking endpoints (spec "Public booking", "Book body" and the
 * resources "Availability result", "Calendar", "Quote", "Coupon check result", "Booking result").
 * Field limits of the book body as the spec gives them (dates 10, name 128, phone 40); the rest are ours:
 * e-mail 254 (RFC 5321 path), address 255, city and state 100, zip 20, coupon code 64, at most 10 extra rooms.
 */
import * as v from 'valibot';
import { captchaFields } from '../../shared/captcha/schema.js';
import { idParam, intLike, isoDate, moneyToCents, text } from '../../shared/http/schemas.js';

/** A date given as `YYYY-MM-DD` (at most 10 characters, as the spec's book body says). */
const date = v.pipe(
  v.string('must be a date YYYY-MM-DD'),
  v.maxLength(10, 'must be at most 10 characters'),
  isoDate,
);

const guests = (fallback: number) => v.optional(intLike(0, 99), fallback);

/** Each extra room's nightly price (spec: "extraRooms array (additional room prices)"). */
const extraRooms = v.optional(
  v.pipe(
    v.array(moneyToCents, 'must be a list of nightly prices'),
    v.maxLength(10, 'must list at most 10 rooms'),
  ),
  [],
);

const couponCode = v.optional(v.pipe(text(64), v.trim()));

/** Optional text, trimmed; an empty value is the same as none. */
const optionalText = (max: number) => v.optional(v.pipe(text(max), v.trim()), '');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const propertyParams = v.object({ propertyId: idParam });

export const availabilityQuery = v.object({ dateFrom: date, dateTo: date });

/** Calendar months: default 12, at most 24 (spec); like `limit`, a larger value is capped and one below 1 is the default. */
export const CALENDAR_MONTHS = { default: 12, max: 24 } as const;

export const calendarQuery = v.object({
  months: v.pipe(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.regex(/^-?\d{1,12}$/, 'must be a whole number of months'),
        v.transform(Number),
      ),
      CALENDAR_MONTHS.default,
    ),
    v.transform((n) => (n < 1 ? CALENDAR_MONTHS.default : Math.min(n, CALENDAR_MONTHS.max))),
  ),
});

/** The stay and guests a quote (and a booking) is priced for. */
const stayFields = {
  propertyId: intLike(1),
  dateFrom: date,
  dateTo: date,
  adults: guests(1),
  children: guests(0),
  pets: guests(0),
  couponCode,
  extraRooms,
};

export const quoteBody = v.strictObject(stayFields);
export type QuoteInput = v.InferOutput<typeof quoteBody>;

export const validateCouponBody = v.strictObject({
  propertyId: intLike(1),
  couponCode: v.pipe(text(64), v.trim(), v.minLength(1, 'is required')),
});

/**
 * A booking's adults: at least 1 (docs/booking.md "Guests"); someone of age is responsible for the stay. A quote
 * may still price 0 adults (a page quoting before the guests are chosen): nothing is created by it.
 */
const bookAdults = v.optional(
  v.pipe(intLike(0, 99), v.minValue(1, 'must be at least 1: a booking needs an adult')),
  1,
);

export const bookBody = v.strictObject({
  ...stayFields,
  adults: bookAdults,
  name: optionalText(128),
  email: v.optional(
    v.pipe(
      text(254),
      v.trim(),
      v.check((s) => s === '' || EMAIL.test(s), 'must be an e-mail address'),
    ),
    '',
  ),
  phone: optionalText(40),
  address: optionalText(255),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  /** Spec: "linked tenant if logged in". The session decides; this value is never trusted (docs/booking.md). */
  tenantId: v.optional(intLike(0)),
  ...captchaFields,
});
export type BookInput = v.InferOutput<typeof bookBody>;

// ---- responses ----------------------------------------------------------------------------------------

const nightRate = v.object({ date: v.string(), rate: v.number() });

export const availabilityResult = v.object({
  available: v.boolean(),
  message: v.string(),
  price: v.nullable(v.number()),
  nightRates: v.array(nightRate),
  intervals: v.number(),
  spots: v.number(),
});

export const calendarResult = v.object({
  propertyId: v.number(),
  today: v.string(),
  until: v.string(),
  ranges: v.array(
    v.object({ start: v.string(), end: v.string(), type: v.picklist(['reserved', 'blocked']) }),
  ),
  baseRate: v.number(),
  weekendRate: v.number(),
  dayPrices: v.record(v.string(), v.number()),
});

export const quoteResult = v.object({
  propertyId: v.number(),
  dateFrom: v.string(),
  dateTo: v.string(),
  nights: v.number(),
  subtotal: v.number(),
  discount: v.number(),
  couponApplied: v.boolean(),
  cleaningFee: v.number(),
  damageWaiver: v.number(),
  bookingFee: v.number(),
  peopleFees: v.number(),
  petFee: v.number(),
  taxRate: v.number(),
  tax: v.number(),
  total: v.number(),
  lineItems: v.array(v.object({ label: v.string(), amount: v.number() })),
  nightRates: v.array(nightRate),
});

export const couponCheckResult = v.object({
  valid: v.boolean(),
  type: v.nullable(v.picklist(['abs', 'percent'])),
  value: v.nullable(v.number()),
  message: v.string(),
});

export const bookingResult = v.object({
  success: v.boolean(),
  requiresPortal: v.boolean(),
  orderId: v.nullable(v.number()),
  invoiceId: v.nullable(v.number()),
  tenantId: v.nullable(v.number()),
  reservationId: v.nullable(v.number()),
  /** Beyond the spec: an unpaid booking is held until then (ISO time; DESIGN.md "Bookings that are not paid yet"). */
  holdUntil: v.nullable(v.string()),
  /** Beyond the spec: the payment link of the booking's invoice (DESIGN.md "The payment link"). */
  paymentUrl: v.nullable(v.string()),
  quote: quoteResult,
  message: v.string(),
});
