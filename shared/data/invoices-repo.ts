/**
 * Invoices (docs/data-model.md I1–I4), only the parts the booking needs so far: the header
 * `INVOICE#<id> / INVOICE` with its three index keys (I2 every invoice by date, I3 a tenant's, I4 a
 * property's) and one `LINE#<n>` item per line in the same partition, so the header and its lines are one
 * Query. Amounts are integer cents. The money slice adds payments, journal entries and the admin reads.
 */
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';

/** Spec "Status codes": 0 Unpaid (the default on create), 1 Paid, 2 Refunded, 3 Processing, 5 Cancelled, 7 Void, 9 Draft. */
export const INVOICE_STATUS = {
  unpaid: 0,
  paid: 1,
  refunded: 2,
  processing: 3,
  cancelled: 5,
  void: 7,
  draft: 9,
};

/** Spec "Invoice types" (`description`). */
export type InvoiceType =
  | 'RENT'
  | 'BOOKING'
  | 'HOUSEKEEPING'
  | 'SERVICE'
  | 'DEPOSIT'
  | 'ADJUSTMENT'
  | 'OWNER';

export interface InvoiceLine {
  description: string;
  amountCents: number;
  quantity: number;
  /** Whether the invoice's tax rates apply to the line. */
  taxed: 0 | 1;
}

export interface InvoiceRecord {
  invoiceId: number;
  description: InvoiceType;
  tenantId: number | null;
  propertyId: number | null;
  /** The reservation a BOOKING invoice is for. */
  reservationId: number | null;
  /** The day it was created (site date): the admin list's date. */
  invoiceDate: string;
  dueDate: string;
  /** Tax rates in percent (the second may be 0). */
  tax: number;
  tax2: number;
  status: number;
  /** The computed figures at creation, in cents (lines × quantity, tax on taxed lines, rounded once). */
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  dateCreated: string;
}

function headerItem(invoice: InvoiceRecord): Item {
  const order = indexKeys.invoiceOrder(invoice.invoiceDate, invoice.invoiceId);
  return {
    ...keys.invoice(invoice.invoiceId),
    entity: 'invoice',
    ...invoice,
    version: 1,
    GSI1PK: indexKeys.invoices(),
    GSI1SK: order,
    ...(invoice.tenantId === null
      ? {}
      : { GSI2PK: indexKeys.invoicesByTenant(invoice.tenantId), GSI2SK: order }),
    ...(invoice.propertyId === null
      ? {}
      : { GSI3PK: indexKeys.invoicesByProperty(invoice.propertyId), GSI3SK: order }),
  };
}

/** A new invoice: `put:invoice <id>` and `put:invoice <id> line <n>` for each line (n from 1). */
export function insertInvoiceParts(invoice: InvoiceRecord, lines: readonly InvoiceLine[]): TxPart[] {
  return [
    part.putIfAbsent(`put:invoice ${invoice.invoiceId}`, headerItem(invoice)),
    ...lines.map((line, index) =>
      part.putIfAbsent(`put:invoice ${invoice.invoiceId} line ${index + 1}`, {
        ...keys.invoiceLine(invoice.invoiceId, index + 1),
        entity: 'invoiceLine',
        invoiceId: invoice.invoiceId,
        lineNo: index + 1,
        ...line,
      }),
    ),
  ];
}

/** I1: the header and its lines in one Query; undefined when there is no such invoice. */
export async function getInvoiceWithLines(
  invoiceId: number,
): Promise<{ invoice: InvoiceRecord; lines: InvoiceLine[] } | undefined> {
  const items = await queryPartition({ pk: keys.invoicePartition(invoiceId) });
  const header = items.find((i) => i.SK === 'INVOICE');
  if (!header) return undefined;
  const { version: _version, ...invoice } = stripKeys<InvoiceRecord & { version?: number }>(header);
  const lines = items
    .filter((i) => String(i.SK).startsWith('LINE#'))
    .map((i) => {
      const {
        invoiceId: _id,
        lineNo: _no,
        ...line
      } = stripKeys<InvoiceLine & { invoiceId: number; lineNo: number }>(i);
      return line;
    });
  return { invoice, lines };
}

const CANCEL_LABEL = 'cancel:invoice';

/**
 * `cancel:invoice <id>`: status 5 (cancelled), only while the invoice is still unpaid (status 0), so a payment
 * that lands first fails the transaction and the canceller re-reads (a paid invoice is kept).
 */
export const cancelUnpaidInvoicePart = (invoiceId: number): TxPart =>
  part.update(
    `${CANCEL_LABEL} ${invoiceId}`,
    keys.invoice(invoiceId),
    'SET #s = :cancelled ADD version :one',
    {
      condition: '#s = :unpaid',
      names: { '#s': 'status' },
      values: { ':cancelled': INVOICE_STATUS.cancelled, ':unpaid': INVOICE_STATUS.unpaid, ':one': 1 },
    },
  );

/** Whether a transaction failed because an invoice it cancelled was no longer unpaid (re-read). */
export const invoiceNoLongerUnpaid = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(CANCEL_LABEL);
