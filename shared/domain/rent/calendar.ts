/**
 * Calendar months of `YYYY-MM-DD` dates (site time zone, shared/domain/dates.ts), as the rent cycle counts
 * them: a month is `YYYY-MM`; its days are 1 … 28–31.
 *
 * Month arithmetic is on numbers (`monthIndex`: year × 12 + month − 1), never on the text: the text of the month
 * after 9999-12 would be `10000-01`, which sorts before `9999-12`, and a loop stepping months as text would
 * never end. The rent calendar ends on 9999-12-31 (and begins on 0001-01-01): a day computed past it is that
 * day, so every date the rent rules compute is a `YYYY-MM-DD` date that sorts as text, whatever date a stored
 * lease or a caller brings (a lease ending 9999-12-31 is a common "no end" sentinel).
 */
import { addDays as addCalendarDays } from '../dates.js';

export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** The month `YYYY-MM` of a date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month of a `YYYY-MM` (or `YYYY-MM-DD`) as a number: year × 12 + month − 1. */
export const monthIndex = (month: string): number =>
  Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

const FIRST_MONTH = monthIndex(FIRST_DAY);
const LAST_MONTH = monthIndex(LAST_DAY);

/** The `YYYY-MM` of a month number, within the calendar (a number past either end is that end's month). */
export function monthAt(index: number): string {
  const bounded = Math.min(LAST_MONTH, Math.max(FIRST_MONTH, Math.trunc(index)));
  const year = Math.floor(bounded / 12);
  return `${String(year).padStart(4, '0')}-${String((bounded % 12) + 1).padStart(2, '0')}`;
}

/** `date` moved by `days`, kept within the calendar (0001-01-01 … 9999-12-31). */
export function addDays(date: string, days: number): string {
  if (days > 0 && date >= LAST_DAY) return LAST_DAY;
  if (days < 0 && date <= FIRST_DAY) return FIRST_DAY;
  // Past 9999-12-31 a Date's ISO text has a signed 6-digit year (`+010000-…`): clamp by the instant, not the text.
  const moved = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  if (moved > Date.parse(`${LAST_DAY}T00:00:00Z`)) return LAST_DAY;
  if (moved < Date.parse(`${FIRST_DAY}T00:00:00Z`)) return FIRST_DAY;
  return addCalendarDays(date, days);
}

/** How many days the month `YYYY-MM` has (the Gregorian leap rule, through Date.UTC's day 0). */
export function daysInMonth(month: string): number {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  // Day 0 of the next month; setUTCFullYear, as Date.UTC would read years 0–99 as 1900–1999.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, m, 0);
  return lastDay.getUTCDate();
}

/** Day `day` (1–31, within the month) of the month `YYYY-MM`. */
export const dayOf = (month: string, day: number): string => `${month}-${String(day).padStart(2, '0')}`;

/** Days from `from` to `to` (negative when `to` is earlier); both `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The earlier / later of two `YYYY-MM-DD` dates (they compare as strings). */
export const minDate = (a: string, b: string): string => (a <= b ? a : b);
export const maxDate = (a: string, b: string): string => (a >= b ? a : b);
