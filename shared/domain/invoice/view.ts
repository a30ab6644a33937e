/**
 * The invoice as the admin API shows it (spec "Invoice": summary rows with `statusLabel`; the single invoice
 * adds `lineItems`, `subtotalComputed`, `totalComputed`, `paidComputed`). Money is a float in the site
 * currency, computed from the cents kept on the header (every write refreshes them from the lines).
 */
import { lineTotalCents } from '../ledger/totals.js';
import { toAmount } from '../money.js';
import { type DocumentLine, type LineView, lineView } from './line-items.js';
import { invoiceStatusLabel } from './status.js';

/** The header fields a view needs (shared/data/invoices-repo.ts InvoiceRecord has them all). */
export interface InvoiceHeader {
  invoiceId: number;
  description: string;
  tenantId: number | null;
  adminId?: number | null | undefined;
  propertyId: number | null;
  reservationId: number | null;
  invoiceDate: string;
  dueDate: string;
  tax: number;
  tax2: number;
  status: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents?: number | undefined;
  refundedCents?: number | undefined;
  dateCreated: string;
  dateUpdated?: string | undefined;
}

export function invoiceSummaryView(h: InvoiceHeader) {
  const paidCents = h.paidCents ?? 0;
  return {
    invoiceId: h.invoiceId,
    description: h.description,
    tenantId: h.tenantId,
    adminId: h.adminId ?? null,
    propertyId: h.propertyId,
    reservationId: h.reservationId,
    invoiceDate: h.invoiceDate,
    dueDate: h.dueDate,
    tax: h.tax,
    tax2: h.tax2,
    status: h.status,
    statusLabel: invoiceStatusLabel(h.status),
    subtotalComputed: toAmount(h.subtotalCents),
    taxComputed: toAmount(h.taxCents),
    totalComputed: toAmount(h.totalCents),
    paidComputed: toAmount(paidCents),
    refundedComputed: toAmount(h.refundedCents ?? 0),
    amountDue: toAmount(Math.max(0, h.totalCents - paidCents)),
    dateCreated: h.dateCreated,
    dateUpdated: h.dateUpdated ?? h.dateCreated,
  };
}

export type InvoiceSummaryView = ReturnType<typeof invoiceSummaryView>;

/** Lines as shown, numbered from 1 in the order written. */
export const lineViews = (lines: readonly DocumentLine[]): LineView[] =>
  lines.map((line, i) => lineView(line, i + 1, lineTotalCents(line)));

export const invoiceView = (h: InvoiceHeader, lines: readonly DocumentLine[]) => ({
  ...invoiceSummaryView(h),
  lineItems: lineViews(lines),
});
