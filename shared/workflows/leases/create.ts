/**
 * A new lease (docs/leases.md "Create"), the same for adminLeases POST and an application's approval: ONE
 * transaction of the lease, its property's spans (conditioned on the version read: leases of one property never
 * overlap, however many admins write at once), a check that the property is still a live LTR property, the
 * lease's change item (`lease.created`), and — when the deposit is above 0 — its DEPOSIT invoice through the
 * money document workflow (posted to the journal, `invoice.created`), linked to the lease both ways. A caller
 * adds its own parts (the application's decision) and reads its own failures.
 */
import {
  getLease,
  insertLeasePart,
  leaseSpansPart,
  readLeaseSpans,
  withSpan,
} from '../../data/leases-repo.js';
import { getProperty, leasablePropertyPart } from '../../data/properties-repo.js';
import { siteToday } from '../../data/settings-repo.js';
import { getTenant } from '../../data/tenants-repo.js';
import { nextId } from '../../db/counters.js';
import { retryStale } from '../../db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { type LeaseRecord, type LeaseTerms, termsOf } from '../../domain/lease.js';
import type { DocumentLine } from '../../domain/money-document/line-items.js';
import { overlappingLease } from '../../domain/rent/spans.js';
import { type CreateLeaseInput, leaseView, termsFrom } from '../../domain/rent/terms-input.js';
import { BadRequest, Conflict } from '../../errors.js';
import { newJournalEntryId } from '../ledger/posting.js';
import { newInvoice, newInvoiceParts } from '../money-document/create.js';
import { leasableProperty, leaseChangePart, leaseWriteError } from './common.js';

/** What a caller composing a larger change adds: its parts, and its reading of a failed transaction. */
export interface LeaseOrigin {
  applicationId?: number;
  parts?: (lease: LeaseRecord) => TxPart[];
  /** The caller's error for a failure of its own parts; undefined: not the caller's. */
  failure?: (error: TransactionFailed) => Promise<unknown> | unknown;
}

/** The line of a DEPOSIT invoice. */
export const DEPOSIT_LINE = 'Security deposit';

/** The DEPOSIT invoice of a lease: one untaxed line, due on the start date (today when that has passed). */
function depositInvoice(lease: LeaseRecord, terms: LeaseTerms, invoiceId: number, today: string, now: Date) {
  const lines: DocumentLine[] = [
    { description: DEPOSIT_LINE, amountCents: terms.depositCents, quantity: 1, taxed: 0 },
  ];
  const record = newInvoice({
    invoiceId,
    description: 'DEPOSIT',
    tenantId: lease.tenantId,
    propertyId: lease.propertyId,
    leaseId: lease.leaseId,
    invoiceDate: today,
    dueDate: lease.startDate > today ? lease.startDate : today,
    now,
  });
  return { record, lines };
}

/**
 * Creates the lease: 400 for a tenant that does not exist or a property that is not a live LTR property, 409
 * when another lease of the property covers one of its days (naming it). Answers the lease as stored.
 */
export async function createLease(
  input: CreateLeaseInput,
  by: Actor,
  now: Date,
  origin: LeaseOrigin = {},
): Promise<LeaseRecord> {
  const [tenant, stored, today] = await Promise.all([
    getTenant(input.tenantId),
    getProperty(input.propertyId),
    siteToday(now),
  ]);
  if (!tenant)
    throw new BadRequest(`Tenant ${input.tenantId} does not exist`, [
      { field: 'tenantId', message: 'no such tenant' },
    ]);
  const property = leasableProperty(input.propertyId, stored);
  const terms = termsFrom(input, termsOf({}, property));
  const deposits = terms.depositCents > 0;
  const [leaseId, invoiceId, entryId] = await Promise.all([
    nextId('lease'),
    deposits ? nextId('invoice') : null,
    deposits ? newJournalEntryId() : null,
  ]);
  const iso = now.toISOString();
  const lease: LeaseRecord = {
    leaseId,
    tenantId: input.tenantId,
    propertyId: input.propertyId,
    // The stored status of a lease made here is always `active`: what is shown is the date's (shared/domain/rent/status.ts).
    status: 'active',
    startDate: input.startDate,
    endDate: input.endDate,
    dateCreated: iso,
    dateUpdated: iso,
    terms,
    applicationId: origin.applicationId ?? null,
    depositInvoiceId: invoiceId,
  };
  const deposit = invoiceId === null ? undefined : depositInvoice(lease, terms, invoiceId, today, now);
  await retryStale(`Property ${input.propertyId}’s leases`, async () => {
    const spans = await readLeaseSpans(lease.propertyId);
    const clash = overlappingLease(spans.spans, lease);
    if (clash !== undefined) throw await overlapConflict(lease, clash);
    const parts = [
      leasablePropertyPart(lease.propertyId),
      insertLeasePart(lease),
      leaseSpansPart(spans, withSpan(spans, lease)),
      leaseChangePart('created', undefined, leaseView(lease, terms, today), by, now),
      ...(deposit ? newInvoiceParts(deposit.record, deposit.lines, { entryId, by, now }) : []),
      ...(origin.parts?.(lease) ?? []),
    ];
    try {
      await commit(parts);
    } catch (error) {
      const own = error instanceof TransactionFailed ? await origin.failure?.(error) : undefined;
      throw own ?? (await leaseWriteError(error, lease));
    }
  });
  return lease;
}

/** The 409 of an overlap, naming the lease and its days. */
export async function overlapConflict(
  lease: Pick<LeaseRecord, 'propertyId'>,
  clash: number,
): Promise<Conflict> {
  const other = await getLease(clash);
  const days = other ? ` (${other.startDate} to ${other.endDate || 'open-ended'})` : '';
  return new Conflict(
    `Lease ${clash}${days} of property ${lease.propertyId} covers some of these days: leases of one property never overlap`,
  );
}
