/**
 * Where a lease stands on a day, from its dates (docs/rent-cycle.md "The rules"): the answers' `status`, the
 * admin list's filter, the tenant portal's lease and the tenant session's active lease. `endDate` is the
 * lease's last day (inclusive), so a lease is active through it; '' is month to month. The stored `status`
 * is not what is shown: it counts only for a record marked `ended` without an end date.
 */
import type { LeaseRecord } from '../lease.js';

export const LEASE_DATE_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type LeaseDateStatus = (typeof LEASE_DATE_STATUSES)[number];

type Dated = Pick<LeaseRecord, 'startDate' | 'endDate'> & Partial<Pick<LeaseRecord, 'status'>>;

export function leaseStatusOn(lease: Dated, today: string): LeaseDateStatus {
  // A record marked ended without an end date (fixtures before the rent cycle) has no date to go by: it
  // stays ended, even one that never began.
  if (lease.endDate === '' && lease.status === 'ended') return 'ended';
  if (lease.startDate > today) return 'upcoming';
  if (lease.endDate !== '' && lease.endDate < today) return 'ended';
  return 'active';
}

/** The active lease with the latest start (a renewal overlapping the old lease wins; then the higher id). */
export function activeLeaseAmong<L extends Dated & Pick<LeaseRecord, 'leaseId'>>(
  leases: readonly L[],
  today: string,
): L | undefined {
  let best: L | undefined;
  for (const lease of leases) {
    if (leaseStatusOn(lease, today) !== 'active') continue;
    if (
      best === undefined ||
      lease.startDate > best.startDate ||
      (lease.startDate === best.startDate && lease.leaseId > best.leaseId)
    )
      best = lease;
  }
  return best;
}
