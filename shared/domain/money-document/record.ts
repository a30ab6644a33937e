/**
 * The header records of invoices and expenses (docs/invoices-expenses.md; stored by
 * shared/data/money-documents-repo.ts). Amounts are integer cents. The computed figures are refreshed from the
 * lines on every admin write; `paidCents` / `refundedCents` / `returnedCents` are moved only by the ledger's
 * settlement parts (shared/workflows/ledger/): settled payments less refunds, refunds, and the refunds that were
 * money returned on a document paid in full (docs/money.md "What is owed"); absent reads as 0.
 */
import type { DocumentFigures, DocumentType } from '../ledger/journal.js';
import type { PaymentAnomaly } from '../payments/anomaly.js';
import type { ExpenseType, InvoiceType } from './kind.js';
import type { LateFeeDays } from './words.js';

/** What every money document's header holds besides its kind's own fields. */
export interface DocumentHeader extends DocumentFigures {
  propertyId: number | null;
  dueDate: string;
  /** Tax rates in percent (the second may be 0). */
  tax: number;
  tax2: number;
  status: number;
  paidCents?: number;
  refundedCents?: number;
  /**
   * Refunds made while the document was paid in full: money given back, never owed again (docs/money.md "What
   * is owed"). Part of `refundedCents`; absent reads as 0.
   */
  returnedCents?: number;
  dateCreated: string;
  /** The last admin change; absent until the first on documents the website wrote. */
  dateUpdated?: string;
}

export interface InvoiceRecord extends DocumentHeader {
  invoiceId: number;
  description: InvoiceType;
  tenantId: number | null;
  /** The invoicee when it is an admin or landlord (spec: tenantId or adminId); absent on booking invoices. */
  adminId?: number | null;
  /** The reservation a BOOKING invoice is for. */
  reservationId: number | null;
  /** The lease a DEPOSIT, RENT or late-fee invoice is for (its ledger; docs/leases.md); absent on others. */
  leaseId?: number | null;
  /** The month a rent run's RENT invoice, or the late fee of one, is for (`YYYY-MM`); absent on others. */
  period?: string;
  /** The RENT invoice a rent run's late fee (an ADJUSTMENT) is charged on; absent on others. */
  lateFeeOf?: number;
  /** The days a rent run's late fee charges (words.ts `LateFeeDays`); absent on others and older late fees. */
  lateFeeDays?: LateFeeDays;
  /** The day it was created (site date): the admin list's date. */
  invoiceDate: string;
  /**
   * The PaymentIntent the card processor last reported processing (payment_intent.processing, 0 → 3): while it
   * has not settled, a card payment is in flight and the invoice cannot be cancelled.
   */
  processingIntentId?: string;
  /** The latest state of a card dispute (charge.dispute.*), as the processor reported it. */
  dispute?: InvoiceDispute;
  /** Card money the books could not take (docs/payments.md "Anomalies"), oldest first; absent when none. */
  anomalies?: PaymentAnomaly[];
}

export interface InvoiceDispute {
  disputeId: string;
  /** The processor's dispute status (`needs_response`, `won`, `lost` …). */
  status: string;
  amountCents: number;
  reason: string | null;
  updatedAt: string;
}

export interface ExpenseRecord extends DocumentHeader {
  expenseId: number;
  description: ExpenseType;
  /** The payee: an admin id or a vendor id (spec: string). */
  paytoId: string;
  /** The day it was created (site date): the list's date. */
  expenseDate: string;
}

export type RecordOf<T extends DocumentType> = { invoice: InvoiceRecord; expense: ExpenseRecord }[T];
export type MoneyRecord = InvoiceRecord | ExpenseRecord;

/** A header as read, with the version its next write is conditioned on (every header write moves it). */
export interface StoredHeader<R extends MoneyRecord = MoneyRecord> {
  record: R;
  version: number;
}

/** The document's id (`invoiceId`, `expenseId`). */
export const documentIdOf = (r: MoneyRecord): number => ('invoiceId' in r ? r.invoiceId : r.expenseId);

/** The document's date (`invoiceDate`, `expenseDate`): the lists' order and the day its posting is dated. */
export const documentDateOf = (r: MoneyRecord): string => ('invoiceId' in r ? r.invoiceDate : r.expenseDate);

/** The header's money: its status, figures, and what was paid and refunded (absent reads as 0). */
export const moneyOf = (r: MoneyRecord) => ({
  status: r.status,
  subtotalCents: r.subtotalCents,
  taxCents: r.taxCents,
  totalCents: r.totalCents,
  paidCents: r.paidCents ?? 0,
  refundedCents: r.refundedCents ?? 0,
  returnedCents: r.returnedCents ?? 0,
});

/** The invoicee tenant of an invoice (null for an admin invoicee, and for every expense). */
export const tenantOf = (r: MoneyRecord): number | null => ('tenantId' in r ? r.tenantId : null);
