/**
 * A lease in time (docs/leases.md): its status on a day, and whether two leases of one property overlap.
 * Dates are the site's `YYYY-MM-DD` days; `endDate` is the lease's last day (inclusive), '' while it is open
 * (month to month). The status shown is the date's, not the stored `status`, which is kept only for leases
 * written before the rent cycle (a fixture's `ended` without an end date stays ended).
 */
import type { LeaseRecord } from './lease.js';

export const LEASE_DATE_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type LeaseDateStatus = (typeof LEASE_DATE_STATUSES)[number];

/** The days a lease covers: from `startDate` to `endDate` ('' for open) both inclusive. */
export type LeaseSpan = Pick<LeaseRecord, 'startDate' | 'endDate'>;

/** upcoming before its start, ended after its last day, active in between (site days). */
export function leaseStatusOn(
  lease: Pick<LeaseRecord, 'status' | 'startDate' | 'endDate'>,
  today: string,
): LeaseDateStatus {
  if (lease.status === 'ended' && lease.endDate === '') return 'ended';
  if (today < lease.startDate) return 'upcoming';
  if (lease.endDate !== '' && today > lease.endDate) return 'ended';
  return 'active';
}

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

/** The lease active on `today` with the latest start (a renewal that overlaps the old lease wins). */
export function activeLeaseOn<L extends Pick<LeaseRecord, 'status' | 'startDate' | 'endDate' | 'leaseId'>>(
  leases: readonly L[],
  today: string,
): L | undefined {
  return leases
    .filter((l) => leaseStatusOn(l, today) === 'active')
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || b.leaseId - a.leaseId)[0];
}
