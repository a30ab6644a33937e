/**
 * What is the invoice's own in the money document workflow (docs/invoices-expenses.md): the invoicee of a new
 * invoice (exactly one of tenantId and adminId, and it exists), its fields, and the list's search.
 */
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { getTenant, getTenants } from '../../shared/data/tenants-repo.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import { BadRequest } from '../../shared/errors.js';
import type { OwnFields } from '../../shared/workflows/money-document/create.js';
import { staffPaymentUrl } from '../../shared/workflows/money-document/pay-link.js';
import type { CreateInvoiceInput, ListInvoicesQuery } from './schemas.js';

/** The invoicee: exactly one of tenantId and adminId, and it exists (else 400 on that field). */
export async function check(input: CreateInvoiceInput): Promise<void> {
  if ((input.tenantId === undefined) === (input.adminId === undefined)) {
    const message =
      input.tenantId === undefined ? 'send tenantId or adminId' : 'send tenantId or adminId, not both';
    throw new BadRequest('Send the invoicee as tenantId or adminId (one of them)', [
      { field: 'tenantId', message },
      { field: 'adminId', message },
    ]);
  }
  if (input.tenantId !== undefined && !(await getTenant(input.tenantId)))
    throw new BadRequest(`Tenant ${input.tenantId} does not exist`, [
      { field: 'tenantId', message: 'no such tenant' },
    ]);
  if (input.adminId !== undefined && !(await getAdminProfile(input.adminId)))
    throw new BadRequest(`Admin ${input.adminId} does not exist`, [
      { field: 'adminId', message: 'no such admin' },
    ]);
}

export const fields =
  (input: CreateInvoiceInput): OwnFields<'invoice'> =>
  (invoiceId, invoiceDate) => ({
    invoiceId,
    description: input.description,
    tenantId: input.tenantId ?? null,
    adminId: input.adminId ?? null,
    reservationId: null,
    invoiceDate,
  });

/**
 * `search`: all digits is an invoice id (exact: a number names one invoice, not every e-mail holding those
 * digits); otherwise part of the type (`description`) or of the invoicee tenant's first name, last name,
 * "first last" or e-mail. Names and e-mail are plain attributes of the tenant record (only the contact fields —
 * phone, address — are encrypted, and they are not searched), read with one BatchGetItem of the distinct
 * tenants of the invoices left after the other filters.
 */
export async function refine(invoices: InvoiceRecord[], q: ListInvoicesQuery): Promise<InvoiceRecord[]> {
  const needle = q.search?.trim().toLowerCase();
  if (!needle) return invoices;
  if (/^\d+$/.test(needle)) return invoices.filter((i) => i.invoiceId === Number(needle));
  const direct = (i: InvoiceRecord) => i.description.toLowerCase().includes(needle);
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

/** The single invoice's payment link (DESIGN.md "The payment link"): staff send it to the payer. */
export const single = async (invoice: InvoiceRecord, now: Date) => ({
  paymentUrl: await staffPaymentUrl(invoice, now),
});
