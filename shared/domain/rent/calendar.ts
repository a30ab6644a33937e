/**
 * Calendar months of `YYYY-MM-DD` dates (site time zone, shared/domain/dates.ts), as the rent cycle counts
 * them: a month is `YYYY-MM`; its days are 1 … 28–31.
 */
export { addDays } from '../dates.js';

/** The month `YYYY-MM` of a date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** How many days the month `YYYY-MM` has (the Gregorian leap rule, through Date.UTC's day 0). */
export function daysInMonth(month: string): number {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
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
