/**
 * Admin invoice reads (docs/invoices-expenses.md): the list with the spec's filters, search and landlord
 * scope, and one invoice; another landlord's invoice answers exactly as a missing one.
 */
import type { AdminSession } from '../../shared/auth/session-types.js';
import * as repo from '../../shared/data/invoices-repo.js';
import { getTenants } from '../../shared/data/tenants-repo.js';
import { INVOICE_STATUS } from '../../shared/domain/invoice/status.js';
import { invoiceSummaryView, invoiceView } from '../../shared/domain/invoice/view.js';
import { NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import type { ListInvoicesQuery } from './schemas.js';
import { landlordPropertyIds, visibleToAdmin } from './scope.js';

type Invoice = repo.InvoiceRecord;

/** The filters the index key did not apply: tenant, property, status (drafts only on request), dates. */
function matchesFilters(i: Invoice, q: ListInvoicesQuery): boolean {
  if (q.tenantId !== undefined && i.tenantId !== q.tenantId) return false;
  if (q.propertyId !== undefined && i.propertyId !== q.propertyId) return false;
  if (q.status !== undefined ? i.status !== q.status : i.status === INVOICE_STATUS.draft) return false;
  if (q.dateFrom !== undefined && i.invoiceDate < q.dateFrom) return false;
  if (q.dateTo !== undefined && i.invoiceDate > q.dateTo) return false;
  return true;
}

/**
 * `search`: all digits is an invoice id (exact: a number names one invoice, not every e-mail holding those
 * digits); otherwise part of the type (`description`) or of the invoicee tenant's first name, last name,
 * "first last" or e-mail. Names and e-mail are plain attributes of the tenant
 * record (only the contact fields — phone, address — are encrypted, and they are not searched), read with one
 * BatchGetItem of the distinct tenants of the invoices left after the other filters.
 */
async function searched(invoices: Invoice[], search: string | undefined): Promise<Invoice[]> {
  const needle = search?.trim().toLowerCase();
  if (!needle) return invoices;
  if (/^\d+$/.test(needle)) return invoices.filter((i) => i.invoiceId === Number(needle));
  const direct = (i: Invoice) => i.description.toLowerCase().includes(needle);
  const tenantIds = [
    ...new Set(invoices.filter((i) => !direct(i) && i.tenantId !== null).map((i) => i.tenantId as number)),
  ];
  const matchingTenants = new Set(
    (await getTenants(tenantIds))
      .filter((t) =>
        [t.tenantEmail, t.tenantFirstName, t.tenantLastName, `${t.tenantFirstName} ${t.tenantLastName}`].some(
          (h) => h.toLowerCase().includes(needle),
        ),
      )
      .map((t) => t.tenantId),
  );
  return invoices.filter((i) => direct(i) || (i.tenantId !== null && matchingTenants.has(i.tenantId)));
}

/**
 * The narrowest index for the caller and filters: a landlord's properties (I4 each, or the one asked for), a
 * property's (I4), a tenant's (I3), else every invoice (I2); dateFrom/dateTo are the key range of each.
 */
async function candidates(admin: AdminSession, q: ListInvoicesQuery): Promise<Invoice[]> {
  const range = { from: q.dateFrom, to: q.dateTo };
  if (admin.role === 'landlord') {
    const own = await landlordPropertyIds(admin.adminId);
    const ids = q.propertyId === undefined ? [...own] : own.has(q.propertyId) ? [q.propertyId] : [];
    return (await Promise.all(ids.map((id) => repo.invoicesOfProperty(id, range)))).flat();
  }
  if (q.propertyId !== undefined) return repo.invoicesOfProperty(q.propertyId, range);
  if (q.tenantId !== undefined) return repo.invoicesOfTenant(q.tenantId, range);
  return repo.invoicesByDate(range);
}

/** Newest invoice date first, then the higher id. */
const newestFirst = (a: Invoice, b: Invoice) =>
  a.invoiceDate === b.invoiceDate ? b.invoiceId - a.invoiceId : a.invoiceDate < b.invoiceDate ? 1 : -1;

export async function listInvoices(admin: AdminSession, q: ListInvoicesQuery) {
  const filtered = (await candidates(admin, q)).filter((i) => matchesFilters(i, q));
  const found = (await searched(filtered, q.search)).sort(newestFirst);
  return pageOf(found.map(invoiceSummaryView), q.page, q.limit);
}

export const notFound = (id: number) => new NotFound(`Invoice ${id} not found`);

/** I1, one Query; 404 when missing or out of a landlord's reach (no property of theirs). */
export async function visibleInvoice(admin: AdminSession, id: number): Promise<repo.InvoiceDocument> {
  const found = await repo.getInvoiceDocument(id);
  if (!found || !(await visibleToAdmin(admin, found.record.propertyId))) throw notFound(id);
  return found;
}

export async function getInvoice(admin: AdminSession, id: number) {
  const found = await visibleInvoice(admin, id);
  return invoiceView(found.record, found.lines);
}
