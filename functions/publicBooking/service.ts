/**
 * Availability, calendar, quote and coupon check. Each reads a fixed set of items in parallel, whatever the
 * number of reservations (docs/booking.md "Reads per request"): the settings, the property, the stay's
 * NIGHT# claims (one Query), its PRICE# day prices (one Query) and the coupon, as each answer needs them.
 */
import { getCoupon } from '../../shared/data/coupons-repo.js';
import { dayPrices } from '../../shared/data/day-prices-repo.js';
import { getProperty, type StoredProperty } from '../../shared/data/properties-repo.js';
import { propertyDays } from '../../shared/data/property-days-repo.js';
import { getRecentSettings } from '../../shared/data/settings-repo.js';
import { checkBookable } from '../../shared/domain/booking/bookable.js';
import {
  calendarDayPrices,
  calendarRanges,
  calendarView,
  calendarWindow,
} from '../../shared/domain/booking/calendar.js';
import { MAX_NIGHTS_PER_TRANSACTION } from '../../shared/domain/booking/capacity.js';
import { applicableCoupon, type CouponRecord, couponCheckView } from '../../shared/domain/booking/coupon.js';
import type { DatePrices } from '../../shared/domain/booking/night-rate.js';
import { computeQuote, type Quote, quoteView } from '../../shared/domain/booking/quote.js';
import {
  addDays,
  addMonths,
  nightCount,
  type Stay,
  stayOf,
  today,
} from '../../shared/domain/booking/stay.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import type { SiteSettings } from '../../shared/domain/settings.js';
import { NotFound } from '../../shared/errors.js';
import type { QuoteInput } from './schemas.js';

/** A quote prices at most the 24-month booking horizon (a longer stay is a 400, not a huge answer). */
export const MAX_QUOTE_NIGHTS = 731;

/** Whether the public may see and book the property (a VR property on the website, not archived). */
export const isOnline = (p: PropertyRecord | undefined): p is PropertyRecord =>
  p !== undefined && p.type === 'vr' && p.onWebsite === 1 && p.isArchived === 0;

export function onlineProperty(p: StoredProperty | undefined, propertyId: number): StoredProperty {
  if (!p || !isOnline(p.record)) throw new NotFound(`No VR property ${propertyId} on the website`);
  return p;
}

const pricesOf = (items: readonly { date: string; rateCents: number }[]): DatePrices =>
  new Map(items.map((p) => [p.date, p.rateCents]));

/** A quote of a stay from what was read (coupon already judged applicable or not). */
export function quoteOf(
  property: PropertyRecord,
  settings: SiteSettings,
  stay: Stay,
  prices: DatePrices,
  input: Pick<QuoteInput, 'adults' | 'children' | 'pets' | 'extraRooms'>,
  coupon: CouponRecord | undefined,
): Quote {
  return computeQuote({
    property,
    settings,
    stay,
    datePrices: prices,
    adults: input.adults,
    children: input.children,
    pets: input.pets,
    extraRoomsCents: input.extraRooms,
    coupon,
  });
}

/**
 * GET availability: 3 reads in parallel (settings, property, the stay's claims and day prices in one Query). A
 * stay longer than any booking may be is refused by the nights rule without reading its claims and prices.
 */
export async function availability(propertyId: number, dateFrom: string, dateTo: string, now: Date) {
  const stay = stayOf(dateFrom, dateTo);
  const readable = nightCount(stay) <= MAX_NIGHTS_PER_TRANSACTION;
  const [settings, stored, { claims, prices }] = await Promise.all([
    getRecentSettings(),
    getProperty(propertyId),
    readable ? propertyDays(propertyId, stay.dateFrom, stay.dateTo) : { claims: [], prices: [] },
  ]);
  const property = stored?.record;
  const todayThere = today(settings.systemTimeZone, now);
  const base = { adults: 1, children: 0, pets: 0 };
  if (!isOnline(property)) {
    return {
      available: false,
      message: 'This property cannot be booked online',
      price: null,
      nightRates: [],
      intervals: nightCount(stay),
      spots: 0,
    };
  }
  const result = checkBookable({ property, stay, today: todayThere, ...base, claims });
  const quote = readable
    ? quoteOf(property, settings, stay, pricesOf(prices), { ...base, extraRooms: [] }, undefined)
    : undefined;
  const view = quote ? quoteView(quote) : undefined;
  return {
    available: result.available,
    message: result.message,
    price: result.available && view ? view.total : null,
    nightRates: view?.nightRates ?? [],
    intervals: result.nights,
    spots: result.spots,
  };
}

/**
 * GET calendar: 3 reads in one round trip. The site's today is known only after the settings are read, but
 * it is never more than a day from the UTC date (time zones span UTC-12 to UTC+14), so the claims and prices
 * are read from the day before the UTC date to the widest `until`, and the window trims them.
 */
export async function calendar(propertyId: number, months: number | undefined, now: Date) {
  const utcDate = now.toISOString().slice(0, 10);
  const from = addDays(utcDate, -1);
  const to = addMonths(addDays(utcDate, 1), months ?? 12);
  const [settings, stored, { claims, prices }] = await Promise.all([
    getRecentSettings(),
    getProperty(propertyId),
    propertyDays(propertyId, from, to),
  ]);
  const property = onlineProperty(stored, propertyId).record;
  const window = calendarWindow(today(settings.systemTimeZone, now), months);
  return calendarView(
    property,
    window,
    calendarRanges(claims, window),
    calendarDayPrices(property, pricesOf(prices), window),
  );
}

/** POST quote: 3 reads in parallel (settings, property, day prices), 4 with a coupon code. */
export async function quote(input: QuoteInput, now: Date) {
  const stay = stayOf(input.dateFrom, input.dateTo, MAX_QUOTE_NIGHTS);
  const [settings, stored, prices, coupon] = await Promise.all([
    getRecentSettings(),
    getProperty(input.propertyId),
    dayPrices(input.propertyId, stay.dateFrom, stay.dateTo),
    input.couponCode ? getCoupon(input.couponCode) : undefined,
  ]);
  const property = onlineProperty(stored, input.propertyId).record;
  const applicable = applicableCoupon(coupon?.record, {
    propertyId: property.propertyId,
    today: today(settings.systemTimeZone, now),
    nights: nightCount(stay),
  });
  return quoteView(quoteOf(property, settings, stay, pricesOf(prices), input, applicable));
}

/** POST validateCoupon: 2 reads in parallel (settings, coupon); no stay, so minNights is not checked. */
export async function validateCoupon(input: { propertyId: number; couponCode: string }, now: Date) {
  const [settings, coupon] = await Promise.all([getRecentSettings(), getCoupon(input.couponCode)]);
  return couponCheckView(coupon?.record, {
    propertyId: input.propertyId,
    today: today(settings.systemTimeZone, now),
  });
}

export { pricesOf };
