/**
 * The rent of each month of a lease (docs/rent-cycle.md "The rules", DESIGN.md "The LTR rent cycle"): one
 * charge per calendar month the lease covers, prorated by days for a month it covers in part, with its due
 * and issue dates. Pure: the rent run and the lease endpoints compute with it.
 */
import type { LeaseRecord, LeaseTerms } from '../lease.js';
import { addDays, dayOf, daysInMonth, maxDate, minDate, monthAt, monthIndex } from './calendar.js';

export interface RentPeriod {
  /** The calendar month, `YYYY-MM`. */
  month: string;
  /** The first and last day of that month the lease covers (both inclusive). */
  firstDay: string;
  lastDay: string;
  daysCovered: number;
  daysInMonth: number;
  /** rent × daysCovered / daysInMonth, half away from zero to the cent; the rent itself for a whole month. */
  amountCents: number;
  dueDate: string;
  /** dueDate − issueDaysBefore: the day the run issues the month's RENT invoice. */
  issueDate: string;
}

export type LeaseDates = Pick<LeaseRecord, 'startDate' | 'endDate'>;
export type ScheduleTerms = Pick<LeaseTerms, 'rentCents' | 'dueDay' | 'issueDaysBefore'>;

/** `cents × part / whole` rounded half away from zero, in integers (no binary fractions). */
export function prorate(cents: number, part: number, whole: number): number {
  const magnitude = Math.floor((2 * Math.abs(cents) * part + whole) / (2 * whole));
  return cents < 0 ? -magnitude : magnitude;
}

/**
 * Every calendar month from the start month through the end month (an open-ended lease: through the month
 * of `through`), each with the days the lease covers and what they cost. `endDate` is the lease's last day
 * (inclusive); an end before the start is no lease and has no months.
 */
export function rentPeriods(lease: LeaseDates, terms: ScheduleTerms, through: string): RentPeriod[] {
  const last = monthIndex(lease.endDate === '' ? through : lease.endDate);
  return periodsBetween(lease, terms, monthIndex(lease.startDate), last);
}

/** The periods of the months numbered `first` … `last` (both inclusive); none for an end before the start. */
function periodsBetween(lease: LeaseDates, terms: ScheduleTerms, first: number, last: number): RentPeriod[] {
  if (lease.endDate !== '' && lease.endDate < lease.startDate) return [];
  const periods: RentPeriod[] = [];
  // Months are numbers here: the loop ends after `last - first + 1` steps whatever the dates.
  for (let month = first; month <= last; month++) periods.push(periodOf(lease, terms, monthAt(month)));
  return periods;
}

function periodOf(lease: LeaseDates, terms: ScheduleTerms, month: string): RentPeriod {
  const days = daysInMonth(month);
  const firstDay = maxDate(dayOf(month, 1), lease.startDate);
  const lastDay = lease.endDate === '' ? dayOf(month, days) : minDate(dayOf(month, days), lease.endDate);
  const daysCovered = Number(lastDay.slice(8)) - Number(firstDay.slice(8)) + 1;
  const dueDate = dueDateOf(dayOf(month, terms.dueDay), firstDay, lastDay);
  return {
    month,
    firstDay,
    lastDay,
    daysCovered,
    daysInMonth: days,
    amountCents: prorate(terms.rentCents, daysCovered, days),
    dueDate,
    issueDate: addDays(dueDate, -terms.issueDaysBefore),
  };
}

/**
 * The month's due day when the lease covers it; otherwise the first day it covers: the start date of a
 * lease that starts after the due day (the later of the two), and the 1st of a last month that ends
 * before its due day (rent is never due after the lease has ended).
 */
function dueDateOf(dueDay: string, firstDay: string, lastDay: string): string {
  return dueDay >= firstDay && dueDay <= lastDay ? dueDay : firstDay;
}

/**
 * The months whose RENT invoice is issued by `today` (issueDate ≤ today), in month order, from `fromMonth`
 * (`YYYY-MM`; default the start month: the months before it are not worked out). The run issues each of them
 * that its guard has not seen yet, so a missed run catches up. Never more months than the lease has, and
 * never a month after the one `today + issueDaysBefore` falls in, whatever the lease's end (9999-12-31 included).
 */
export function chargesDueBy(
  lease: LeaseDates,
  terms: ScheduleTerms,
  today: string,
  fromMonth = '',
): RentPeriod[] {
  // A month issued by today is due by today + issueDaysBefore, and a month is never due before its 1st: its
  // month is no later than that date's.
  const horizon = monthIndex(addDays(today, Math.max(0, terms.issueDaysBefore)));
  const last = lease.endDate === '' ? horizon : Math.min(horizon, monthIndex(lease.endDate));
  const first = Math.max(monthIndex(lease.startDate), fromMonth === '' ? -Infinity : monthIndex(fromMonth));
  return periodsBetween(lease, terms, first, last).filter((p) => p.issueDate <= today);
}
