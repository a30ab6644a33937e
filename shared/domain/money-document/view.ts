/**
 * A money document as the admin API shows it (spec "Invoice", "Expense"): the kind's own fields, then the
 * figures every kind shows (`statusLabel`, `subtotalComputed`, `totalComputed`, `paidComputed` …); the single
 * document adds its `lineItems`. Money is a float in the site currency, from the cents kept on the header.
 */

import type { PaymentRecord } from '../ledger/payment.js';
import { lineTotalCents } from '../ledger/totals.js';
import { toAmount } from '../money.js';
import type { PaymentAnomaly } from '../payments/anomaly.js';
import { amountDueCents } from './figures.js';
import { type MoneyKind, statusLabel } from './kind.js';
import { type DocumentLine, type LineView, lineView } from './line-items.js';
import type { DocumentHeader, ExpenseRecord, InvoiceRecord, MoneyRecord } from './record.js';

/** The fields every kind shows after its own. */
function figuresView(kind: MoneyKind, h: DocumentHeader) {
  const paidCents = h.paidCents ?? 0;
  return {
    dueDate: h.dueDate,
    tax: h.tax,
    tax2: h.tax2,
    status: h.status,
    statusLabel: statusLabel(kind, h.status),
    subtotalComputed: toAmount(h.subtotalCents),
    taxComputed: toAmount(h.taxCents),
    totalComputed: toAmount(h.totalCents),
    paidComputed: toAmount(paidCents),
    refundedComputed: toAmount(h.refundedCents ?? 0),
    amountDue: toAmount(amountDueCents(h)),
    dateCreated: h.dateCreated,
    dateUpdated: h.dateUpdated ?? h.dateCreated,
  };
}

/** An anomaly as shown: its amount in the intent's currency (a float, like every amount of the API). */
const anomalyView = (a: PaymentAnomaly) => ({
  kind: a.kind,
  eventId: a.eventId,
  eventType: a.eventType,
  paymentIntentId: a.paymentIntentId,
  chargeId: a.chargeId,
  amount: toAmount(a.amountCents),
  amountCents: a.amountCents,
  currency: a.currency.toUpperCase(),
  detail: a.detail,
  at: a.at,
});

/** Each kind's own fields, in the order the API shows them. */
const OWN_FIELDS = {
  invoice: (r: InvoiceRecord) => ({
    invoiceId: r.invoiceId,
    description: r.description,
    tenantId: r.tenantId,
    adminId: r.adminId ?? null,
    propertyId: r.propertyId,
    reservationId: r.reservationId,
    // The lease of a DEPOSIT, RENT or late-fee invoice (docs/leases.md); other invoices do not show it.
    ...(r.leaseId != null ? { leaseId: r.leaseId } : {}),
    invoiceDate: r.invoiceDate,
    // A card dispute, while the processor reports one (the status is not changed by it).
    ...(r.dispute
      ? {
          dispute: {
            disputeId: r.dispute.disputeId,
            status: r.dispute.status,
            amount: toAmount(r.dispute.amountCents),
            reason: r.dispute.reason,
            updatedAt: r.dispute.updatedAt,
          },
        }
      : {}),
    // Card money the books could not take, for a person to settle (docs/payments.md "Anomalies").
    ...(r.anomalies?.length ? { anomalies: r.anomalies.map(anomalyView) } : {}),
  }),
  expense: (r: ExpenseRecord) => ({
    expenseId: r.expenseId,
    description: r.description,
    paytoId: r.paytoId,
    propertyId: r.propertyId,
    expenseDate: r.expenseDate,
  }),
};

export type DocumentView = Readonly<Record<string, unknown>>;

/** A list row. */
export function summaryView(kind: MoneyKind, record: MoneyRecord): DocumentView {
  const own = (OWN_FIELDS[kind.type] as (r: MoneyRecord) => Record<string, unknown>)(record);
  return { ...own, ...figuresView(kind, record) };
}

/** Lines as shown, numbered from 1 in the order written. */
export const lineViews = (lines: readonly DocumentLine[]): LineView[] =>
  lines.map((line, i) => lineView(line, i + 1, lineTotalCents(line)));

/** The single document: the row with its lines. */
export const documentView = (kind: MoneyKind, record: MoneyRecord, lines: readonly DocumentLine[]) => ({
  ...summaryView(kind, record),
  lineItems: lineViews(lines),
});

/**
 * A payment or refund as the admin API answers it (adminPayments) and the `payment.*` events carry it: the
 * payment's own figure (negative for a refund) and its document's money after it.
 */
export function paymentView(
  kind: MoneyKind,
  payment: PaymentRecord,
  after: Pick<DocumentHeader, 'status' | 'totalCents' | 'paidCents' | 'refundedCents' | 'returnedCents'>,
) {
  const paidCents = after.paidCents ?? 0;
  return {
    paymentId: payment.paymentId,
    documentType: payment.documentType,
    documentId: payment.documentId,
    amount: toAmount(payment.amountCents),
    method: payment.method,
    date: payment.date,
    reference: payment.reference,
    status: after.status,
    statusLabel: statusLabel(kind, after.status),
    totalComputed: toAmount(after.totalCents),
    paidComputed: toAmount(paidCents),
    refundedComputed: toAmount(after.refundedCents ?? 0),
    amountDue: toAmount(amountDueCents(after)),
  };
}
