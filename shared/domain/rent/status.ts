/**
 * Where a lease stands on a day, from its dates (docs/rent-cycle.md "The rules"): the answers' `status` and
 * the tenant session's active lease. `endDate` is the lease's last day, so a lease is active through it.
 */
import type { LeaseRecord } from '../lease.js';

export const LEASE_DATE_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type LeaseDateStatus = (typeof LEASE_DATE_STATUSES)[number];

type Dated = Pick<LeaseRecord, 'startDate' | 'endDate'> & Partial<Pick<LeaseRecord, 'status'>>;

export function leaseStatusOn(lease: Dated, today: string): LeaseDateStatus {
  if (lease.startDate > today) return 'upcoming';
  if (lease.endDate !== '' && lease.endDate < today) return 'ended';
  // A record marked ended without an end date (fixtures before the rent cycle) has no date to go by.
  if (lease.endDate === '' && lease.status === 'ended') return 'ended';
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
