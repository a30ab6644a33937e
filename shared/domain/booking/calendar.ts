/**
 * The calendar (docs/pricing.md "The calendar"): from today to `until` = today plus `months` months (default
 * 12, at most 24), the reserved and blocked ranges (end = check-out, not itself occupied) and the rate of
 * every date. Dates from today up to, not including, `until` (the same end rule as a stay).
 */
import { toAmount } from '../money.js';
import type { ClaimKind, NightClaim } from './capacity.js';
import { type DatePrices, nightRateCents, type RateProperty } from './night-rate.js';
import { addDays, addMonths } from './stay.js';

export const DEFAULT_CALENDAR_MONTHS = 12;
export const MAX_CALENDAR_MONTHS = 24;

/** The months asked for, within 1..24; missing means 12 (an out-of-range value is the edge's 400 to give). */
export const calendarMonths = (months: number | undefined): number =>
  months === undefined ? DEFAULT_CALENDAR_MONTHS : Math.min(Math.max(1, months), MAX_CALENDAR_MONTHS);

export interface CalendarWindow {
  today: string;
  /** Exclusive end: the first date not shown. */
  until: string;
}

export const calendarWindow = (today: string, months: number | undefined): CalendarWindow => ({
  today,
  until: addMonths(today, calendarMonths(months)),
});

export interface CalendarRange {
  start: string;
  /** The check-out date (the first date not occupied). */
  end: string;
  type: ClaimKind;
}

/**
 * Each reservation's and block's nights in the window as ranges, read from its claims: consecutive nights of
 * one reservation make one range (whatever unit each night is on). A stay that began before today shows from
 * today, the window's first date. Ordered by start, then by reservation id.
 */
export function calendarRanges(claims: readonly NightClaim[], window: CalendarWindow): CalendarRange[] {
  const nightsByReservation = new Map<number, { kind: ClaimKind; dates: Set<string> }>();
  for (const c of claims) {
    if (c.date < window.today || c.date >= window.until) continue;
    const entry = nightsByReservation.get(c.reservationId) ?? { kind: c.kind, dates: new Set<string>() };
    entry.dates.add(c.date);
    nightsByReservation.set(c.reservationId, entry);
  }
  const ranges: (CalendarRange & { reservationId: number })[] = [];
  for (const [reservationId, { kind, dates }] of nightsByReservation) {
    const sorted = [...dates].sort();
    let start = sorted[0] as string;
    let previous = start;
    for (const date of sorted.slice(1)) {
      if (date !== addDays(previous, 1)) {
        ranges.push({ start, end: addDays(previous, 1), type: kind, reservationId });
        start = date;
      }
      previous = date;
    }
    ranges.push({ start, end: addDays(previous, 1), type: kind, reservationId });
  }
  ranges.sort((a, b) =>
    a.start === b.start ? a.reservationId - b.reservationId : a.start < b.start ? -1 : 1,
  );
  return ranges.map(({ start, end, type }) => ({ start, end, type }));
}

/** The rate of every date of the window, in cents, by the night-rate rule. */
export function calendarDayPrices(
  property: RateProperty,
  datePrices: DatePrices,
  window: CalendarWindow,
): Map<string, number> {
  const prices = new Map<string, number>();
  for (let d = window.today; d < window.until; d = addDays(d, 1))
    prices.set(d, nightRateCents(property, d, datePrices));
  return prices;
}

/** The spec's "Calendar" object. */
export function calendarView(
  property: RateProperty & { propertyId: number },
  window: CalendarWindow,
  ranges: readonly CalendarRange[],
  dayPrices: ReadonlyMap<string, number>,
) {
  return {
    propertyId: property.propertyId,
    today: window.today,
    until: window.until,
    ranges,
    baseRate: toAmount(property.propertyRateCents),
    weekendRate: toAmount(property.propertyWeekendRateCents),
    dayPrices: Object.fromEntries([...dayPrices].map(([date, cents]) => [date, toAmount(cents)])),
  };
}
