/**
 * What every lease write of the workflow shares (docs/leases.md): the site's today, the property a lease may
 * be on (LTR, not archived), the lease's change item (announced as `lease.*` with the lease's admin view),
 * and the reading of a failed transaction (a stale read is retried; a property archived meanwhile is a 400).
 */
import { changePart } from '../../data/changes-repo.js';
import { leaseSpansLabel, leaseUpdateLabel } from '../../data/leases-repo.js';
import { getProperty, LEASABLE_PROPERTY_LABEL, type StoredProperty } from '../../data/properties-repo.js';
import { CHARGED_THROUGH_LABEL } from '../../data/rent-state-repo.js';
import { StaleRecord } from '../../db/optimistic.js';
import { TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { type LeaseRecord, type LeaseTerms, ownTermsOf, termsOf } from '../../domain/lease.js';
import type { PropertyRecord } from '../../domain/property.js';
import type { LeaseView } from '../../domain/rent/terms-input.js';
import { BadRequest, Conflict } from '../../errors.js';

/** A lease's terms: its own, or its property's figures for a lease written before terms existed. */
export async function termsOfLease(lease: LeaseRecord): Promise<LeaseTerms> {
  const own = ownTermsOf(lease);
  if (own) return own;
  const stored = await getProperty(lease.propertyId);
  return termsOf(
    lease,
    stored?.record ?? { propertyRateCents: 0, propertyDepositCents: 0, latePenaltyCents: 0 },
  );
}

/** 400 unless the property exists, is a long-term rental and is not archived: the only kind a lease is on. */
export function leasableProperty(propertyId: number, stored: StoredProperty | undefined): PropertyRecord {
  const refuse = (message: string, detail: string) =>
    new BadRequest(detail, [{ field: 'propertyId', message }]);
  if (!stored) throw refuse('no such property', `Property ${propertyId} does not exist`);
  if (stored.record.type !== 'ltr')
    throw refuse(
      'is a vacation rental',
      `Property ${propertyId} is a vacation rental: leases are for long-term rentals`,
    );
  if (stored.record.isArchived === 1)
    throw refuse('is archived', `Property ${propertyId} is archived: it takes no new leases`);
  return stored.record;
}

/** The change item of a lease write, announcing `lease.<event>` with the lease's admin view after it. */
export function leaseChangePart(
  action: 'created' | 'updated' | 'ended',
  before: LeaseView | undefined,
  after: LeaseView,
  by: Actor,
  now: Date,
): TxPart {
  return changePart(
    { recordType: 'lease', recordId: after.leaseId, action, before, after, event: `lease.${action}` },
    by,
    now,
  );
}

/**
 * A failed lease transaction as the workflow reads it: the lease or the property's spans changed since read
 * (or rivals held them) → StaleRecord, retried by the caller; the property archived or changed kind meanwhile
 * → its 400 (read again to say which). Anything else comes back as it was.
 */
export async function leaseWriteError(error: unknown, lease: LeaseRecord): Promise<unknown> {
  if (!(error instanceof TransactionFailed)) return error;
  if (error.conditionFailed(CHARGED_THROUGH_LABEL))
    return new Conflict(
      `Lease ${lease.leaseId}: rent of months after ${lease.endDate.slice(0, 7)} is invoiced already; cancel those RENT invoices (or end it later)`,
    );
  if (error.conditionFailed(LEASABLE_PROPERTY_LABEL))
    return leasableError(lease.propertyId, await getProperty(lease.propertyId));
  if (
    error.conditionFailed(leaseSpansLabel(lease.propertyId)) ||
    error.conditionFailed(leaseUpdateLabel(lease.leaseId)) ||
    error.transient
  )
    return new StaleRecord('lease or its property’s leases changed since read');
  return error;
}

function leasableError(propertyId: number, stored: StoredProperty | undefined): unknown {
  try {
    leasableProperty(propertyId, stored);
    return new StaleRecord('property changed since read');
  } catch (refusal) {
    return refusal;
  }
}
