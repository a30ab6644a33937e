/**
 * Date price ranges an admin sets or clears (adminRates, beyond the spec): `dateFrom` to `dateTo`, both
 * included (the dates whose nights get the rate: "July 1 to July 31"). A range is at most RATE_RANGE_MAX_DAYS
 * long; one that sets prices lies between today and the booking horizon (a date price outside it is never
 * read by a quote or a calendar).
 */
import { BadRequest } from '../../errors.js';
import { bookingHorizon } from './bookable.js';
import { addDays, nightCount } from './stay.js';

/** Two years and a day: the 24-month horizon, whatever the leap years. */
export const RATE_RANGE_MAX_DAYS = 732;

/** Day prices written per transaction: the rest of the 100 parts is the change (audit) item. */
export const DAY_PRICES_PER_TRANSACTION = 99;

export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

/** Days of an inclusive range. */
export const daysIn = (r: DateRange): number =>
  nightCount({ dateFrom: r.dateFrom, dateTo: addDays(r.dateTo, 1) });

/** Every date of an inclusive range, in order. */
export function datesOf(r: DateRange): string[] {
  const dates: string[] = [];
  for (let d = r.dateFrom; d <= r.dateTo; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** The range asked for (defaults: today to the day before the horizon), checked for order and length. */
export function rateRange(
  asked: { dateFrom?: string | undefined; dateTo?: string | undefined },
  today: string,
): DateRange {
  const dateFrom = asked.dateFrom ?? today;
  const dateTo = asked.dateTo ?? addDays(bookingHorizon(dateFrom < today ? today : dateFrom), -1);
  if (dateTo < dateFrom)
    throw new BadRequest('dateTo must be on or after dateFrom', [
      { field: 'dateTo', message: 'must be on or after dateFrom' },
    ]);
  if (daysIn({ dateFrom, dateTo }) > RATE_RANGE_MAX_DAYS)
    throw new BadRequest(`A range holds at most ${RATE_RANGE_MAX_DAYS} days`, [
      { field: 'dateTo', message: `at most ${RATE_RANGE_MAX_DAYS} days after dateFrom` },
    ]);
  return { dateFrom, dateTo };
}

/** A range that sets prices: from today on, and ending before the booking horizon. */
export function settableRange(range: DateRange, today: string): DateRange {
  if (range.dateFrom < today)
    throw new BadRequest(`Prices can be set from today (${today}) on`, [
      { field: 'dateFrom', message: `must be ${today} or later` },
    ]);
  const horizon = bookingHorizon(today);
  if (range.dateTo >= horizon)
    throw new BadRequest(`Prices can be set up to the calendar horizon (before ${horizon})`, [
      { field: 'dateTo', message: `must be before ${horizon}` },
    ]);
  return range;
}

/** Splits dates into the batches one transaction writes. */
export function chunksOf<T>(items: readonly T[], size = DAY_PRICES_PER_TRANSACTION): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
