/**
 * Invoice status codes and types (spec "Status codes", "Invoice"; docs/invoices-expenses.md). The codes are
 * the spec's; 4, 6 and 8 name nothing and are refused. Paid (1), Refunded (2) and Processing (3) are payment
 * states: payments decide them (DESIGN.md "Invoice status after payment events"), an admin's PUT is synced to
 * what the payments say (`syncedInvoiceStatus`, shared/domain/invoice/update.ts).
 */

export const INVOICE_STATUS = {
  unpaid: 0,
  paid: 1,
  refunded: 2,
  processing: 3,
  cancelled: 5,
  void: 7,
  draft: 9,
} as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

const LABELS: Readonly<Record<InvoiceStatus, string>> = {
  0: 'Unpaid',
  1: 'Paid',
  2: 'Refunded',
  3: 'Processing',
  5: 'Cancelled',
  7: 'Void',
  9: 'Draft',
};

export const INVOICE_STATUS_CODES = Object.keys(LABELS).map(Number) as InvoiceStatus[];

export const isInvoiceStatus = (code: number): code is InvoiceStatus => code in LABELS;

/** The spec's `statusLabel`: the status in words ("Unknown" only for a code written outside this service). */
export const invoiceStatusLabel = (code: number): string =>
  isInvoiceStatus(code) ? LABELS[code] : 'Unknown';

/** Cancelled and void invoices are closed: the journal holds nothing of them and they take no change. */
export const isClosedInvoice = (status: number): boolean =>
  status === INVOICE_STATUS.cancelled || status === INVOICE_STATUS.void;

/**
 * Whether the journal holds the invoice's figures (receivable, revenue, tax): every status but draft,
 * cancelled and void. A draft is posted when it leaves draft; a cancel or void reverses what was posted.
 */
export const isPostedInvoice = (status: number): boolean =>
  status !== INVOICE_STATUS.draft && !isClosedInvoice(status);

/** Spec "Invoice types" (`description`). */
export const INVOICE_TYPES = [
  'RENT',
  'BOOKING',
  'HOUSEKEEPING',
  'SERVICE',
  'DEPOSIT',
  'ADJUSTMENT',
  'OWNER',
] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
