/**
 * Stays and nights (docs/pricing.md "Stays and nights"): dates are `YYYY-MM-DD` calendar dates of the site's
 * `systemTimeZone`; a stay's nights are the dates d with dateFrom <= d < dateTo.
 */
import { BadRequest } from '../../errors.js';
import { addDays, todayIn } from '../dates.js';
import { DATE_MAX, DATE_MIN, isCalendarDate, isDateInWindow } from '../values.js';

export interface Stay {
  dateFrom: string;
  dateTo: string;
}

/** "Today" is the date in the site's time zone, not in UTC (a site in New York at 02:00 UTC is still yesterday). */
export const today = (timeZone: string, now: Date): string => todayIn(timeZone, now);

export { isCalendarDate };

/** The problem of one stay date: not a calendar date, or outside the window of every date (values.ts isoDate). */
function dateProblem(field: 'dateFrom' | 'dateTo', value: string): string | undefined {
  if (!isCalendarDate(value)) return `${field} must be a date YYYY-MM-DD`;
  if (!isDateInWindow(value)) return `${field} must be between ${DATE_MIN} and ${DATE_MAX}`;
  return undefined;
}

export type StayCheck = { ok: true; stay: Stay; nights: number } | { ok: false; message: string };

/** Checks two input dates; a `dateTo` on or before `dateFrom` is no stay. */
export function checkStay(dateFrom: string, dateTo: string): StayCheck {
  const problem = dateProblem('dateFrom', dateFrom) ?? dateProblem('dateTo', dateTo);
  if (problem) return { ok: false, message: problem };
  if (dateTo <= dateFrom)
    return { ok: false, message: 'dateTo (check-out) must be after dateFrom (check-in)' };
  return { ok: true, stay: { dateFrom, dateTo }, nights: nightCount({ dateFrom, dateTo }) };
}

/**
 * The stay of two input dates, or a 400 naming the date at fault: dates that are no stay, or more than
 * `maxNights` nights (a quote's 24-month horizon, what one booking transaction can hold).
 */
export function stayOf(dateFrom: string, dateTo: string, maxNights = Number.POSITIVE_INFINITY): Stay {
  const checked = checkStay(dateFrom, dateTo);
  if (!checked.ok) throw new BadRequest(checked.message, [{ field: 'dateTo', message: checked.message }]);
  if (checked.nights > maxNights) {
    const message = `the stay can be at most ${maxNights} nights`;
    throw new BadRequest(`The stay is too long: ${message}`, [{ field: 'dateTo', message }]);
  }
  return checked.stay;
}

const DAY_MS = 86_400_000;
const utcMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The number of nights of a stay (0 when dateTo is not after dateFrom). */
export function nightCount(stay: Stay): number {
  return Math.max(0, Math.round((utcMs(stay.dateTo) - utcMs(stay.dateFrom)) / DAY_MS));
}

/** The nights of a stay in date order: every date from dateFrom up to, not including, dateTo. */
export function nightsOf(stay: Stay): string[] {
  const nights: string[] = [];
  for (let d = stay.dateFrom; d < stay.dateTo; d = addDays(d, 1)) nights.push(d);
  return nights;
}

/** 0 Sunday … 6 Saturday, of a calendar date (no time zone: the date is already the site's). */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A date plus whole months; a day the target month lacks becomes its last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export { addDays };
