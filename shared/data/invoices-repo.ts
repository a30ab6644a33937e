/**
 * Invoices (docs/data-model.md I1–I4): the header `INVOICE#<id> / INVOICE` with its three index keys (I2 every
 * invoice by date, I3 a tenant's, I4 a property's) and one `LINE#<pad n>` item per line in the same partition,
 * so the header, its lines, payments and journal entries are one Query. Amounts are integer cents. The header
 * carries `version` (every write is conditioned on the version read and adds 1), the computed figures and the
 * settlement figures `paidCents` / `refundedCents`, which only the ledger's settlement parts move
 * (shared/workflows/ledger/); the parts here never write them.
 */
import { indexKeys, keys } from '../db/keys.js';
import { type IndexName, type Item, type PartitionQuery, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { DocumentLine } from '../domain/invoice/line-items.js';
import { INVOICE_STATUS, type InvoiceType } from '../domain/invoice/status.js';

export { INVOICE_STATUS, type InvoiceType } from '../domain/invoice/status.js';

export type InvoiceLine = DocumentLine;

export interface InvoiceRecord {
  invoiceId: number;
  description: InvoiceType;
  tenantId: number | null;
  /** The invoicee when it is an admin or landlord (spec: tenantId or adminId); absent on booking invoices. */
  adminId?: number | null;
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
  /** The computed figures, in cents (lines × quantity, tax on taxed lines, rounded once). */
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Settled payments less refunds, and refunds (shared/workflows/ledger settlement parts); absent = 0. */
  paidCents?: number;
  refundedCents?: number;
  dateCreated: string;
  /** The last admin change; absent until the first. */
  dateUpdated?: string;
}

/** A header as read, with the version its next write is conditioned on. */
export interface StoredInvoice {
  record: InvoiceRecord;
  version: number;
}

/** I1 whole: the header, its lines in order, and the partition's other items (payments, journal entries). */
export interface InvoiceDocument extends StoredInvoice {
  lines: InvoiceLine[];
  /** Payment items (`PAYMENT#…`) and journal entries (`JOURNAL#…`) as stored. */
  payments: Item[];
  journal: Item[];
}

function headerItem(invoice: InvoiceRecord): Item {
  const order = indexKeys.invoiceOrder(invoice.invoiceDate, invoice.invoiceId);
  return {
    ...keys.invoice(invoice.invoiceId),
    entity: 'invoice',
    adminId: null,
    paidCents: 0,
    refundedCents: 0,
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

const lineLabel = (invoiceId: number, lineNo: number) => `put:invoice ${invoiceId} line ${lineNo}`;

/** `put:invoice <id> line <n>` for each line, numbered from `firstLineNo` (lines are only ever appended). */
export function lineParts(invoiceId: number, lines: readonly InvoiceLine[], firstLineNo = 1): TxPart[] {
  return lines.map((line, index) =>
    part.putIfAbsent(lineLabel(invoiceId, firstLineNo + index), {
      ...keys.invoiceLine(invoiceId, firstLineNo + index),
      entity: 'invoiceLine',
      invoiceId,
      lineNo: firstLineNo + index,
      description: line.description,
      amountCents: line.amountCents,
      quantity: line.quantity,
      taxed: line.taxed,
    }),
  );
}

/** A new invoice: `put:invoice <id>` and `put:invoice <id> line <n>` for each line (n from 1). */
export function insertInvoiceParts(invoice: InvoiceRecord, lines: readonly InvoiceLine[]): TxPart[] {
  return [
    part.putIfAbsent(`put:invoice ${invoice.invoiceId}`, headerItem(invoice)),
    ...lineParts(invoice.invoiceId, lines),
  ];
}

/** A header item as the record (absent settlement figures and invoicee admin read as 0 / null). */
function recordOf(item: Item): InvoiceRecord {
  const record = stripKeys<InvoiceRecord>(item);
  return {
    ...record,
    adminId: record.adminId ?? null,
    paidCents: record.paidCents ?? 0,
    refundedCents: record.refundedCents ?? 0,
  };
}

function lineOf(item: Item): DocumentLine {
  return {
    description: String(item.description),
    amountCents: Number(item.amountCents),
    quantity: Number(item.quantity),
    taxed: item.taxed === 1 ? 1 : 0,
  };
}

/**
 * A money document's partition as one Query reads it (invoices I1, expenses E1): the header (its sort key
 * given), the lines in line order (the table returns sort-key order and line numbers are zero-padded), the
 * payment items and the journal entries as stored. Undefined when there is no header.
 */
export function documentOf<R>(items: readonly Item[], headerSk: string, recordOf: (header: Item) => R) {
  const header = items.find((i) => i.SK === headerSk);
  if (!header) return undefined;
  const withPrefix = (prefix: string) => items.filter((i) => String(i.SK).startsWith(prefix));
  return {
    record: recordOf(header),
    version: Number(header.version ?? 0),
    lines: withPrefix('LINE#').map(lineOf),
    payments: withPrefix('PAYMENT#'),
    journal: withPrefix('JOURNAL#'),
  };
}

/** I1: the whole partition in one Query (header, lines in line order, payments, journal entries). */
export async function getInvoiceDocument(invoiceId: number): Promise<InvoiceDocument | undefined> {
  return documentOf(await queryPartition({ pk: keys.invoicePartition(invoiceId) }), 'INVOICE', recordOf);
}

/** I1: the header and its lines in one Query; undefined when there is no such invoice. */
export async function getInvoiceWithLines(
  invoiceId: number,
): Promise<{ invoice: InvoiceRecord; lines: InvoiceLine[] } | undefined> {
  const found = await getInvoiceDocument(invoiceId);
  return found && { invoice: found.record, lines: found.lines };
}

/** A date range of the list indexes (both ends inclusive, either may be open). */
export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The sort-key condition of an invoice-date range on `<date>#<pad id>` keys. */
export function dateRangeKey(range: DateRange): PartitionQuery['sk'] {
  if (!range.from && !range.to) return undefined;
  return { between: [range.from ?? '0000', `${range.to ?? '9999'}#~`] };
}

async function headersOf(query: PartitionQuery): Promise<InvoiceRecord[]> {
  return (await queryPartition(query)).map(recordOf);
}

const ranged = (index: IndexName, pk: string, range: DateRange): PartitionQuery => {
  const sk = dateRangeKey(range);
  return { index, pk, ...(sk ? { sk } : {}) };
};

/** I2: every invoice in an invoice-date range, in date order. */
export const invoicesByDate = (range: DateRange) =>
  headersOf(ranged(INDEX.gsi1, indexKeys.invoices(), range));

/** I3: a tenant's invoices in an invoice-date range. */
export const invoicesOfTenant = (tenantId: number, range: DateRange) =>
  headersOf(ranged(INDEX.gsi2, indexKeys.invoicesByTenant(tenantId), range));

/** I4: a property's invoices in an invoice-date range (landlord scope). */
export const invoicesOfProperty = (propertyId: number, range: DateRange) =>
  headersOf(ranged(INDEX.gsi3, indexKeys.invoicesByProperty(propertyId), range));

/** The header fields an admin change writes (never the settlement figures: those are the ledger's). */
export type InvoiceChanges = Pick<
  InvoiceRecord,
  'description' | 'dueDate' | 'tax' | 'tax2' | 'status' | 'subtotalCents' | 'taxCents' | 'totalCents'
> & { dateUpdated: string };

export const INVOICE_UPDATE_LABEL = 'update:invoice';

/**
 * `update:invoice <id>`: the changed header fields, conditioned on the version read (which every write of
 * the header, settlement parts included, moves), so a payment, a cancel or another update landing since the
 * read fails this part and the service re-reads.
 */
export function updateInvoicePart(current: StoredInvoice, changes: InvoiceChanges): TxPart {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':read': current.version, ':one': 1 };
  const sets = Object.entries(changes).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return part.update(
    `${INVOICE_UPDATE_LABEL} ${current.record.invoiceId}`,
    keys.invoice(current.record.invoiceId),
    `SET ${sets.join(', ')} ADD version :one`,
    { condition: 'version = :read', names, values },
  );
}

/** Whether a transaction failed because the invoice header changed since it was read (re-read, retry). */
export const invoiceChangedMeanwhile = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(INVOICE_UPDATE_LABEL);

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
