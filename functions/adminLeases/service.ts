/**
 * adminLeases use cases (docs/leases.md): reads with the landlord scope (a landlord sees the leases of its own
 * properties; another's is the 404 of a missing lease), and the writes through the lease workflow
 * (shared/workflows/leases/), which composes each change into one transaction with its change item.
 */
import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import * as leases from '../../shared/data/leases-repo.js';
import { documentsIn } from '../../shared/data/money-documents-repo.js';
import { paymentsOf } from '../../shared/data/payments-repo.js';
import { getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import { siteToday } from '../../shared/data/settings-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import type { LeaseRecord } from '../../shared/domain/lease.js';
import { INVOICE_STATUS } from '../../shared/domain/money-document/kind.js';
import { ledgerView, linesOfInvoice } from '../../shared/domain/rent/ledger.js';
import { leaseStatusOn } from '../../shared/domain/rent/status.js';
import { leaseView } from '../../shared/domain/rent/terms-input.js';
import { BadRequest } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import {
  endLease as endLeaseFlow,
  leaseNotFound,
  updateLease as updateLeaseFlow,
} from '../../shared/workflows/leases/change.js';
import { termsOfLease } from '../../shared/workflows/leases/common.js';
import { createLease as createLeaseFlow } from '../../shared/workflows/leases/create.js';
import type { CreateLeaseInput, ListLeasesQuery, UpdateLeaseInput } from './schemas.js';

/** The leases the query names, within the caller's scope (before the status filter). */
async function leasesInScope(admin: AdminSession, q: ListLeasesQuery): Promise<LeaseRecord[]> {
  if (q.propertyId !== undefined) {
    const stored = await getProperty(q.propertyId);
    // Another landlord's property answers as a missing one (an empty list): a 403 would say it exists.
    if (!stored || !canSeeProperty(admin, stored.record.landlord)) return [];
    const rows = await leases.leasesOfProperty(q.propertyId);
    return q.tenantId === undefined ? rows : rows.filter((l) => l.tenantId === q.tenantId);
  }
  if (admin.role === 'landlord') {
    const own = new Set((await propertiesOfLandlord(admin.adminId)).map((p) => p.propertyId));
    if (q.tenantId !== undefined)
      return (await leases.leasesOfTenant(q.tenantId)).filter((l) => own.has(l.propertyId));
    return (await Promise.all([...own].map(leases.leasesOfProperty))).flat();
  }
  if (q.tenantId !== undefined) return leases.leasesOfTenant(q.tenantId);
  return leases.allLeases();
}

const latestStartFirst = (a: LeaseRecord, b: LeaseRecord) =>
  b.startDate.localeCompare(a.startDate) || b.leaseId - a.leaseId;

export async function listLeases(admin: AdminSession, q: ListLeasesQuery, now: Date) {
  const [rows, today] = await Promise.all([leasesInScope(admin, q), siteToday(now)]);
  const picked = rows
    .filter((l) => q.status === undefined || leaseStatusOn(l, today) === q.status)
    .sort(latestStartFirst);
  const page = pageOf(picked, q.page, q.limit);
  const items = await Promise.all(page.items.map(async (l) => leaseView(l, await termsOfLease(l), today)));
  return { ...page, items };
}

/** The lease, if the caller may read it: a landlord's reach ends at its own properties (else the same 404). */
async function readableLease(admin: AdminSession, leaseId: number): Promise<LeaseRecord> {
  const lease = await leases.getLease(leaseId);
  if (!lease) throw leaseNotFound(leaseId);
  if (admin.role === 'landlord') {
    const stored = await getProperty(lease.propertyId);
    if (!canSeeProperty(admin, stored?.record.landlord)) throw leaseNotFound(leaseId);
  }
  return lease;
}

export async function getLease(admin: AdminSession, leaseId: number, now: Date) {
  const [lease, today] = await Promise.all([readableLease(admin, leaseId), siteToday(now)]);
  return leaseView(lease, await termsOfLease(lease), today);
}

export async function createLease(input: CreateLeaseInput, by: Actor, now: Date) {
  const [lease, today] = await Promise.all([createLeaseFlow(input, by, now), siteToday(now)]);
  return {
    success: true,
    leaseId: lease.leaseId,
    lease: leaseView(lease, await termsOfLease(lease), today),
  };
}

export async function updateLease(leaseId: number, input: UpdateLeaseInput, by: Actor, now: Date) {
  const { lease, terms, today } = await updateLeaseFlow(leaseId, input, by, now);
  return { success: true, lease: leaseView(lease, terms, today) };
}

/** DELETE: the end day from the query or the body (both: they must agree). */
export async function endLease(
  leaseId: number,
  fromQuery: string | undefined,
  fromBody: string | undefined,
  by: Actor,
  now: Date,
) {
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody)
    throw new BadRequest('Send endDate once (the query and the body disagree)', [
      { field: 'endDate', message: 'the query and the body disagree' },
    ]);
  const { lease, terms, today } = await endLeaseFlow(leaseId, fromQuery ?? fromBody, by, now);
  return { success: true, lease: leaseView(lease, terms, today) };
}

/** Invoices that owe nothing (cancelled, void, drafts) are not in a ledger. */
const OWES_NOTHING = new Set<number>([INVOICE_STATUS.cancelled, INVOICE_STATUS.void, INVOICE_STATUS.draft]);

/**
 * The ledger: the lease's invoices are the tenant's (I3, one Query) that name the lease, and each one's
 * payments are in its own partition (one Query per invoice); no Scan.
 */
export async function leaseLedger(admin: AdminSession, leaseId: number) {
  const lease = await readableLease(admin, leaseId);
  const invoices = (await documentsIn('invoice', 'tenant', lease.tenantId, {})).filter(
    (i) => i.leaseId === leaseId && !OWES_NOTHING.has(i.status),
  );
  const lines = await Promise.all(
    invoices.map(async (i) => linesOfInvoice(i, await paymentsOf('invoice', i.invoiceId))),
  );
  return { leaseId, tenantId: lease.tenantId, propertyId: lease.propertyId, ...ledgerView(lines.flat()) };
}
