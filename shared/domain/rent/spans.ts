/**
 * The days a lease covers, and whether two leases of one property overlap (docs/leases.md "Leases of one
 * property never overlap"). `endDate` is the lease's last day (inclusive), '' while it is open (month to
 * month): a lease may start the day after another's last day.
 */
import type { LeaseRecord } from '../lease.js';

/** The days a lease covers: from `startDate` to `endDate` ('' for open) both inclusive. */
export type LeaseSpan = Pick<LeaseRecord, 'startDate' | 'endDate'>;

/** Whether two spans share a day (an open end runs forever). */
export function spansOverlap(a: LeaseSpan, b: LeaseSpan): boolean {
  const aEndsBeforeB = a.endDate !== '' && a.endDate < b.startDate;
  const bEndsBeforeA = b.endDate !== '' && b.endDate < a.startDate;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** The first lease (by id) among `spans` other than `except` that shares a day with `candidate`. */
export function overlappingLease(
  spans: Readonly<Record<string, LeaseSpan>>,
  candidate: LeaseSpan,
  except?: number,
): number | undefined {
  return Object.entries(spans)
    .map(([id, span]) => ({ id: Number(id), span }))
    .filter(({ id, span }) => id !== except && spansOverlap(span, candidate))
    .map(({ id }) => id)
    .sort((a, b) => a - b)[0];
}
