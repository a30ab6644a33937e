/**
 * Admin invoice writes (docs/invoices-expenses.md): create, update and cancel, each ONE transaction of the
 * header (conditioned on the version read), the appended lines, the journal entry of what changed
 * (shared/workflows/ledger/posting.ts) and the change item (audit and outbound event). A rival write since the read
 * (a payment, a cancel, another update) fails the header's condition: the service reads again and decides
 * again, so two racing requests leave a state one of them alone could have left.
 */
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { type ChangeInput, changePart } from '../../shared/data/changes-repo.js';
import * as repo from '../../shared/data/invoices-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { documentFigures, type Figures } from '../../shared/domain/invoice/figures.js';
import { INVOICE_STATUS, isPostedInvoice } from '../../shared/domain/invoice/status.js';
import {
  type InvoicePlan,
  type InvoiceState,
  planInvoiceCancel,
  planInvoiceUpdate,
} from '../../shared/domain/invoice/update.js';
import { invoiceView } from '../../shared/domain/invoice/view.js';
import { BadRequest } from '../../shared/errors.js';
import { adjustmentParts } from '../../shared/workflows/ledger/posting.js';
import { notFound } from './queries.js';
import type { CreateInvoiceInput, UpdateInvoiceInput } from './schemas.js';

const siteToday = async (now: Date) => todayIn((await getSettings()).systemTimeZone, now);

/** The journal entry moving what the journal holds for this invoice by `delta` (shared/workflows/ledger adjustmentParts). */
const journalParts = (
  invoice: Pick<repo.InvoiceRecord, 'invoiceId' | 'propertyId'>,
  delta: Figures | null,
  date: string,
  now: Date,
): Promise<TxPart[]> =>
  adjustmentParts(
    { documentType: 'invoice', documentId: invoice.invoiceId, propertyId: invoice.propertyId },
    delta,
    date,
    now,
  );

const invoiceChange = (
  action: string,
  before: ReturnType<typeof invoiceView> | undefined,
  after: ReturnType<typeof invoiceView>,
  event?: string,
): ChangeInput => ({
  recordType: 'invoice',
  recordId: after.invoiceId,
  action,
  before,
  after,
  ...(event ? { event } : {}),
});

/** The invoicee: exactly one of tenantId and adminId, and it exists (else 400 on that field). */
async function checkInvoicee(input: CreateInvoiceInput): Promise<void> {
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

async function checkProperty(propertyId: number | undefined): Promise<void> {
  if (propertyId !== undefined && !(await getProperty(propertyId)))
    throw new BadRequest(`Property ${propertyId} does not exist`, [
      { field: 'propertyId', message: 'no such property' },
    ]);
}

/** A new invoice is unpaid (0, the default) or a draft (9): paid, refunded and processing come from payments. */
function createdStatus(status: number | undefined): number {
  const s = status ?? INVOICE_STATUS.unpaid;
  if (s !== INVOICE_STATUS.unpaid && s !== INVOICE_STATUS.draft)
    throw new BadRequest('A new invoice is unpaid (0) or a draft (9)', [
      { field: 'status', message: 'must be 0 or 9 on create (payments set 1, 2 and 3; cancel with DELETE)' },
    ]);
  return s;
}

export async function createInvoice(input: CreateInvoiceInput, by: Actor, now: Date) {
  const status = createdStatus(input.status);
  const figures = documentFigures(input.lineItems, input.tax, input.tax2);
  await Promise.all([checkInvoicee(input), checkProperty(input.propertyId)]);
  const [invoiceId, today] = await Promise.all([nextId('invoice'), siteToday(now)]);
  const iso = now.toISOString();
  const record: repo.InvoiceRecord = {
    invoiceId,
    description: input.description,
    tenantId: input.tenantId ?? null,
    adminId: input.adminId ?? null,
    propertyId: input.propertyId ?? null,
    reservationId: null,
    invoiceDate: today,
    dueDate: input.dueDate,
    tax: input.tax,
    tax2: input.tax2,
    status,
    ...figures,
    paidCents: 0,
    refundedCents: 0,
    dateCreated: iso,
    dateUpdated: iso,
  };
  const view = invoiceView(record, input.lineItems);
  await commit([
    ...repo.insertInvoiceParts(record, input.lineItems),
    ...(await journalParts(record, isPostedInvoice(status) ? nonZero(figures) : null, today, now)),
    changePart(invoiceChange('created', undefined, view, 'invoice.created'), by, now),
  ]);
  return { success: true, invoiceId, invoice: view };
}

const nonZero = (f: Figures): Figures | null =>
  f.subtotalCents === 0 && f.taxCents === 0 && f.totalCents === 0 ? null : f;

const stateOf = (r: repo.InvoiceRecord): InvoiceState => ({
  invoiceId: r.invoiceId,
  description: r.description,
  dueDate: r.dueDate,
  tax: r.tax,
  tax2: r.tax2,
  status: r.status,
  subtotalCents: r.subtotalCents,
  taxCents: r.taxCents,
  totalCents: r.totalCents,
  paidCents: r.paidCents ?? 0,
  refundedCents: r.refundedCents ?? 0,
});

/** Commits a plan on the document read; a rival write since the read is a StaleRecord (read again). */
async function commitPlan(doc: repo.InvoiceDocument, plan: InvoicePlan, by: Actor, now: Date) {
  const { next } = plan;
  const record: repo.InvoiceRecord = {
    ...doc.record,
    description: next.description,
    dueDate: next.dueDate,
    tax: next.tax,
    tax2: next.tax2,
    status: next.status,
    subtotalCents: next.subtotalCents,
    taxCents: next.taxCents,
    totalCents: next.totalCents,
    dateUpdated: now.toISOString(),
  };
  const before = invoiceView(doc.record, doc.lines);
  const after = invoiceView(record, [...doc.lines, ...plan.appended]);
  const { invoiceId } = record;
  const parts = [
    repo.updateInvoicePart(doc, {
      description: record.description,
      dueDate: record.dueDate,
      tax: record.tax,
      tax2: record.tax2,
      status: record.status,
      subtotalCents: record.subtotalCents,
      taxCents: record.taxCents,
      totalCents: record.totalCents,
      dateUpdated: record.dateUpdated ?? now.toISOString(),
    }),
    ...repo.lineParts(invoiceId, plan.appended, doc.lines.length + 1),
    ...(await journalParts(record, plan.posting, await siteToday(now), now)),
    changePart(invoiceChange(plan.action, before, after, plan.event), by, now),
  ];
  try {
    await commit(parts);
  } catch (error) {
    // The header moved (payment, cancel, another update) or a line number was taken: read again.
    if (
      error instanceof TransactionFailed &&
      (error.transient ||
        repo.invoiceChangedMeanwhile(error) ||
        error.conditionFailed(`put:invoice ${invoiceId} line`))
    )
      throw new StaleRecord();
    throw error;
  }
  return { success: true, invoice: after };
}

export async function updateInvoice(invoiceId: number, input: UpdateInvoiceInput, by: Actor, now: Date) {
  return retryStale(`Invoice ${invoiceId}`, async () => {
    const doc = await repo.getInvoiceDocument(invoiceId);
    if (!doc) throw notFound(invoiceId);
    return commitPlan(doc, planInvoiceUpdate(stateOf(doc.record), doc.lines, input), by, now);
  });
}

export async function cancelInvoice(invoiceId: number, by: Actor, now: Date) {
  return retryStale(`Invoice ${invoiceId}`, async () => {
    const doc = await repo.getInvoiceDocument(invoiceId);
    if (!doc) throw notFound(invoiceId);
    return commitPlan(doc, planInvoiceCancel(stateOf(doc.record)), by, now);
  });
}
