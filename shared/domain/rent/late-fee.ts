/**
 * Late fees of a RENT invoice (docs/rent-cycle.md "The rules", DESIGN.md "The LTR rent cycle"): nothing
 * through the due date (or the issue date, when the invoice was issued after its due date) plus the grace
 * days; on the first late day the flat fee plus the percent of the rent still due; then the daily fee for each
 * further day; never above the monthly cap in all.
 */
import type { LateFeeTerms } from '../lease.js';
import { percentOfCents } from '../money.js';
import { addDays, daysBetween, maxDate, minDate } from './calendar.js';

export type LateFeeRules = LateFeeTerms & { graceDays: number };

/** When a rent invoice was due, and when it was issued (its invoice date: a run issues a month late when it
 * goes late, or when the lease was recorded after that month's due date). */
export interface RentDates {
  dueDate: string;
  issueDate: string;
}

export interface LateRent extends RentDates {
  /** What is still due of the rent on its first late day (the caller passes the amount due it sees). */
  baseCents: number;
}

/**
 * The first day a late fee is owed: the day after the grace days, counted from the later of the due date and
 * the issue date. A tenant always has the grace days from the day the invoice exists: an invoice issued after
 * its due date is never late on the day it is issued.
 */
export const firstLateDay = (rent: RentDates, graceDays: number): string =>
  addDays(maxDate(rent.dueDate, rent.issueDate), graceDays + 1);

/**
 * The total late fee the invoice owes as of `today`. `paidOn`: the day it was paid in full, when it was;
 * the fee stops growing after that day (a payment on a late day does not undo that day's fee). Nothing is
 * owed when nothing of the rent is due.
 */
export function lateFeeOwedCents(
  rules: LateFeeRules,
  rent: LateRent,
  today: string,
  paidOn?: string,
): number {
  const asOf = paidOn === undefined ? today : minDate(today, paidOn);
  const first = firstLateDay(rent, rules.graceDays);
  if (asOf < first || rent.baseCents <= 0) return 0;
  const furtherDays = daysBetween(first, asOf);
  const owed =
    rules.flatCents + percentOfCents(rent.baseCents, rules.percent) + rules.dailyCents * furtherDays;
  return rules.maxPerMonthCents === null ? owed : Math.min(owed, rules.maxPerMonthCents);
}

export interface LateFeePosting {
  owedCents: number;
  /** What late fee invoices of this rent invoice already charge. */
  postedCents: number;
  paid: boolean;
  /** A card or bank payment on the invoice is still processing. */
  processing: boolean;
}

/**
 * What a run posts now: what is owed less what is posted (so a later run catches up a missed one and a
 * repeated run posts nothing), and nothing once the invoice is paid or while a payment is processing.
 */
export function lateFeeToPost(p: LateFeePosting): number {
  if (p.paid || p.processing) return 0;
  return Math.max(0, p.owedCents - p.postedCents);
}
