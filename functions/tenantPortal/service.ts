/**
 * The tenant portal's use cases (docs/tenant-portal.md): reads of the session tenant's own records — found
 * through the tenant's own indexes (leases L2, invoices I3, stays R3), so another tenant's record is never a
 * candidate and answers the same 404 as a missing one — and autopay's setup and end.
 */
import type { TenantSession } from '../../shared/auth/session-types.js';
import { leasesOfTenant } from '../../shared/data/leases-repo.js';
import { documentsIn, readDocument } from '../../shared/data/money-documents-repo.js';
import { paymentsIn } from '../../shared/data/payments-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { reservationsOfTenant } from '../../shared/data/reservations-repo.js';
import { siteToday } from '../../shared/data/settings-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { autopayView } from '../../shared/domain/autopay.js';
import type { Actor } from '../../shared/domain/change.js';
import { ledgerView, linesOfInvoice } from '../../shared/domain/rent/ledger.js';
import type { TenantRecord } from '../../shared/domain/tenant.js';
import { NotFound, Unauthorized } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import { createCustomer, createSetupIntent } from '../../shared/payments/stripe-customers.js';
import {
  keepStripeCustomer,
  recordSetupBegun,
  turnAutopayOff,
} from '../../shared/workflows/tenants/autopay.js';
import { autopayReachOf } from '../../shared/workflows/tenants/autopay-reach.js';
import {
  currentLease,
  invoiceRowView,
  invoiceView,
  isOwed,
  isTenantsInvoice,
  leaseView,
  mayHavePayments,
  newestInvoiceFirst,
  stayViews,
} from './rules.js';
import type { ListInvoicesQuery, ListReservationsQuery } from './schemas.js';

export async function lease(session: TenantSession, now: Date) {
  const [leases, today] = await Promise.all([leasesOfTenant(session.tenantId), siteToday(now)]);
  const found = currentLease(leases, today);
  if (!found) throw new NotFound('You have no lease');
  const property = await getProperty(found.propertyId);
  return leaseView(found, property?.record, today);
}

/** I3: the tenant's invoices (their own index partition), drafts left out. */
async function invoicesOf(tenantId: number) {
  const all = await documentsIn('invoice', 'tenant', tenantId, {});
  return all.filter((i) => isTenantsInvoice(i, tenantId));
}

export async function listInvoices(session: TenantSession, q: ListInvoicesQuery) {
  const invoices = (await invoicesOf(session.tenantId))
    .filter((i) => q.status === undefined || i.status === q.status)
    .sort(newestInvoiceFirst);
  return pageOf(invoices.map(invoiceRowView), q.page, q.limit);
}

export async function invoice(session: TenantSession, invoiceId: number) {
  const found = await readDocument('invoice', invoiceId);
  // Another tenant's invoice, a draft and no invoice at all answer alike.
  if (!found || !isTenantsInvoice(found.record, session.tenantId))
    throw new NotFound(`Invoice ${invoiceId} not found`);
  return invoiceView(found.record, found.lines, paymentsIn(found.payments));
}

/** Every owed invoice's charge and its payments and refunds (read only where some were settled). */
export async function ledger(session: TenantSession) {
  const owed = (await invoicesOf(session.tenantId)).filter(isOwed);
  const lines = await Promise.all(
    owed.map(async (i) => {
      const payments = mayHavePayments(i)
        ? paymentsIn((await readDocument('invoice', i.invoiceId))?.payments ?? [])
        : [];
      return linesOfInvoice(i, payments);
    }),
  );
  return ledgerView(lines.flat());
}

export async function reservations(session: TenantSession, q: ListReservationsQuery) {
  const stays = (await reservationsOfTenant(session.tenantId)).map((s) => s.record);
  const propertyIds = [...new Set(stays.map((s) => s.propertyId))];
  const properties = await Promise.all(propertyIds.map((id) => getProperty(id)));
  const names = new Map(
    properties.flatMap((p) => (p ? [[p.record.propertyId, p.record.propertyName] as const] : [])),
  );
  return pageOf(stayViews(stays, names), q.page, q.limit);
}

async function activeTenant(session: TenantSession) {
  const tenant = await getTenant(session.tenantId);
  if (tenant?.isActive !== 1) throw new Unauthorized('This session is no longer valid: log in again');
  return tenant;
}

/** Autopay as the tenant sees it: the saved method, and what it will and will not charge of their open invoices. */
async function autopayAnswer(tenant: Pick<TenantRecord, 'tenantId' | 'autopay'>, now: Date) {
  return { ...autopayView(tenant.autopay), ...(await autopayReachOf(tenant, now)) };
}

export async function autopay(session: TenantSession, now: Date) {
  return autopayAnswer(await activeTenant(session), now);
}

/**
 * A SetupIntent on the tenant's Customer, made on the first call and kept on the tenant: two first calls at
 * once share one (Stripe's Idempotency-Key per tenant, and the id kept only where none is yet; the one kept
 * wins).
 */
export async function setupAutopay(session: TenantSession, by: Actor, now: Date) {
  const tenant = await activeTenant(session);
  let customerId = tenant.stripeCustomerId;
  let newCustomerId: string | undefined;
  if (!customerId) {
    const made = await createCustomer(tenant.tenantId);
    customerId = await keepStripeCustomer(tenant.tenantId, made, now);
    if (!customerId) throw new Unauthorized('This session is no longer valid: log in again');
    newCustomerId = customerId === made ? made : undefined;
  }
  const setup = await createSetupIntent(tenant.tenantId, customerId);
  await recordSetupBegun(tenant, { setupIntentId: setup.setupIntentId, newCustomerId }, by, now);
  return setup;
}

/**
 * Off: the run charges nothing more, and a setup begun before now is not saved (shared/domain/autopay.ts);
 * the audit log says who turned it off.
 */
export async function stopAutopay(session: TenantSession, by: Actor, now: Date) {
  await activeTenant(session);
  const after = await turnAutopayOff(session.tenantId, by, now);
  return autopayAnswer({ tenantId: session.tenantId, autopay: after?.autopay ?? null }, now);
}
