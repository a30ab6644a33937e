/**
 * A lease written as a record gives it (the fixture loader, benches and tests that set a store up): the lease and
 * its property's spans in one transaction, through the lease owner, announcing nothing. The loader checks the
 * record first (tenant, LTR property, dates, no overlap); the spans' condition keeps two writes from crossing.
 */
import { leaseSpansPart, putLeasePart, readLease, readLeaseSpans, withSpan } from '../../data/leases-repo.js';
import { commit } from '../../db/transaction.js';
import type { LeaseRecord } from '../../domain/lease.js';

export async function putGivenLease(lease: LeaseRecord): Promise<void> {
  const [existing, spans] = await Promise.all([readLease(lease.leaseId), readLeaseSpans(lease.propertyId)]);
  const parts = [putLeasePart(lease, existing), leaseSpansPart(spans, withSpan(spans, lease))];
  // A reload that moves a lease to another property takes it out of the old property's spans.
  if (existing && existing.record.propertyId !== lease.propertyId) {
    const old = await readLeaseSpans(existing.record.propertyId);
    const { [String(lease.leaseId)]: _moved, ...rest } = old.spans;
    parts.push(leaseSpansPart(old, rest));
  }
  await commit(parts);
}
