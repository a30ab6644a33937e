/**
 * Invoices (docs/data-model.md I1–I4) and expenses (E1–E3): one repository over the document's kind. A document
 * is its header `INVOICE#<id> / INVOICE` (`EXPENSE#<id> / EXPENSE`) with the index keys of its kind's lists,
 * and one `LINE#<pad n>` item per line in the same partition, so the header, its lines, payments and journal
 * entries are one Query. Amounts are integer cents. The header carries `version`: every write of it — the
 * admin update, the cancel, and the ledger's settle, processing, dispute and anomaly parts, all built here — is
 * conditioned on the version read (or at least moves it), so a write that lands since a read fails the
 * reader's transaction and it reads again (documentChanged). Only the ledger's parts write `paidCents` /
 * `refundedCents`.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { overPartitions, queryMerged } from '../db/merged-query.js';
import {
  batchGet,
  type IndexName,
  type Item,
  type PartitionQuery,
  partitionPages,
  queryPartition,
  stripKeys,
} from '../db/query.js';
import { GLOBAL_INDEXES, INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { UpdateSpec } from '../db/update-expression.js';
import type { DocumentType } from '../domain/ledger/journal.js';
import { INVOICE_STATUS } from '../domain/money-document/kind.js';
import type { DocumentLine } from '../domain/money-document/line-items.js';
import {
  documentDateOf,
  documentIdOf,
  type InvoiceRecord,
  type MoneyRecord,
  type RecordOf,
  type StoredHeader,
  tenantOf,
} from '../domain/money-document/record.js';

/** I1/E1 whole: the header, its lines in order, and the partition's payments and journal entries as stored. */
export interface StoredDocument<R extends MoneyRecord = MoneyRecord> extends StoredHeader<R> {
  lines: DocumentLine[];
  payments: Item[];
  journal: Item[];
}

/** The lists a kind keeps (its access patterns): every document, a property's, a tenant's. */
export type DocumentList = 'all' | 'property' | 'tenant';

interface ListIndex {
  index: IndexName;
  /** The index partition of a list value (the property's id …; the document's own id for a spread list). */
  pk: (value: number) => string;
  /** The header's value of the list; null leaves the header out of it (sparse). */
  valueOf: (r: MoneyRecord) => number | null;
  /** A spread list's partitions, read together and merged (docs/data-model.md "Spread"). */
  spread?: () => string[];
}

const LISTS: Readonly<Record<DocumentType, Partial<Record<DocumentList, ListIndex>>>> = {
  invoice: {
    // I2: every RENT invoice of a run lands here, so the list is spread by invoice id.
    all: {
      index: INDEX.gsi1,
      pk: indexKeys.invoices,
      valueOf: documentIdOf,
      spread: indexKeys.invoicesPartitions,
    },
    tenant: { index: INDEX.gsi2, pk: indexKeys.invoicesByTenant, valueOf: tenantOf }, // I3
    property: { index: INDEX.gsi3, pk: indexKeys.invoicesByProperty, valueOf: (r) => r.propertyId }, // I4
  },
  expense: {
    all: { index: INDEX.gsi1, pk: () => indexKeys.expenses(), valueOf: () => 0 }, // E2
    property: { index: INDEX.gsi2, pk: indexKeys.expensesByProperty, valueOf: (r) => r.propertyId }, // E3
  },
};

/** What a header that does not say reads as (and is written with): no invoicee admin, nothing paid. */
const DEFAULTS: Readonly<Record<DocumentType, Item>> = {
  invoice: { adminId: null, paidCents: 0, refundedCents: 0 },
  expense: { paidCents: 0, refundedCents: 0 },
};

function indexAttributes(type: DocumentType, record: MoneyRecord): Item {
  const order = indexKeys.documentOrder(documentDateOf(record), documentIdOf(record));
  const attributes: Item = {};
  for (const list of Object.values(LISTS[type])) {
    const value = list.valueOf(record);
    const names = GLOBAL_INDEXES.find((i) => i.name === list.index);
    if (value === null || !names) continue;
    attributes[names.pk] = list.pk(value);
    attributes[names.sk] = order;
  }
  return attributes;
}

/** The label of a header part of every document of a type (its id follows in a part's own label). */
const headerLabelOfType = (verb: string, type: DocumentType) => `${verb}:${type}`;
const headerLabel = (verb: string, type: DocumentType, id: number) =>
  `${headerLabelOfType(verb, type)} ${id}`;

/** `put:<type> <id> line <n>` for each line, numbered from `firstLineNo` (lines are only ever appended). */
export function lineParts(
  type: DocumentType,
  id: number,
  lines: readonly DocumentLine[],
  firstLineNo = 1,
): TxPart[] {
  return lines.map((line, index) => {
    const lineNo = firstLineNo + index;
    return part.putIfAbsent(`${headerLabel('put', type, id)} line ${lineNo}`, {
      ...keys.moneyDocumentLine(type, id, lineNo),
      entity: `${type}Line`,
      [`${type}Id`]: id,
      lineNo,
      description: line.description,
      amountCents: line.amountCents,
      quantity: line.quantity,
      taxed: line.taxed,
    });
  });
}

/** A new document: `put:<type> <id>` (the header with its index keys, version 1) and its lines from 1. */
export function insertDocumentParts<T extends DocumentType>(
  type: T,
  record: RecordOf<T>,
  lines: readonly DocumentLine[],
): TxPart[] {
  const id = documentIdOf(record);
  const header = {
    ...keys.moneyDocument(type, id),
    entity: type,
    ...DEFAULTS[type],
    ...record,
    version: 1,
    ...indexAttributes(type, record),
  };
  return [part.putIfAbsent(headerLabel('put', type, id), header), ...lineParts(type, id, lines)];
}

const recordOf = <T extends DocumentType>(type: T, item: Item) =>
  ({ ...DEFAULTS[type], ...stripKeys<RecordOf<T>>(item) }) as RecordOf<T>;

const versionOf = (item: Item) => (typeof item.version === 'number' ? item.version : 1);

const lineOf = (item: Item): DocumentLine => ({
  description: String(item.description),
  amountCents: Number(item.amountCents),
  quantity: Number(item.quantity),
  taxed: item.taxed === 1 ? 1 : 0,
});

/**
 * I1/E1: the whole partition in one Query — the header, the lines in line order (the table returns sort-key
 * order and line numbers are zero-padded), the payments and journal entries; undefined without a header.
 */
export async function readDocument<T extends DocumentType>(
  type: T,
  id: number,
  options: { consistent?: boolean } = {},
): Promise<StoredDocument<RecordOf<T>> | undefined> {
  const { SK } = keys.moneyDocument(type, id);
  const items = await queryPartition({
    pk: keys.moneyDocumentPartition(type, id),
    consistent: options.consistent === true,
  });
  const header = items.find((i) => i.SK === SK);
  if (!header) return undefined;
  const withPrefix = (prefix: string) => items.filter((i) => String(i.SK).startsWith(prefix));
  return {
    record: recordOf(type, header),
    version: versionOf(header),
    lines: withPrefix(keys.linePrefix).map(lineOf),
    payments: withPrefix(keys.paymentPrefix),
    journal: withPrefix(keys.journalPrefix),
  };
}

/** The header alone by id, strongly consistent (a settlement or a cancel decides on it), or undefined. */
export async function readHeader<T extends DocumentType>(
  type: T,
  id: number,
): Promise<StoredHeader<RecordOf<T>> | undefined> {
  const { Item: item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.moneyDocument(type, id), ConsistentRead: true }),
  );
  return item ? { record: recordOf(type, item), version: versionOf(item) } : undefined;
}

/** Many invoice headers by id (BatchGetItem, 100 a request; eventually consistent): the rent run's late fees. */
export async function invoiceHeaders(ids: readonly number[]): Promise<Map<number, InvoiceRecord>> {
  const items = await batchGet(ids.map((id) => keys.moneyDocument('invoice', id)));
  return new Map(items.map((item) => [Number(item.invoiceId), recordOf('invoice', item)]));
}

/** A document named by its kind and id. */
export interface DocumentRef {
  type: DocumentType;
  id: number;
}

/** The map key of a document (`invoice#12`). */
export const documentRefKey = (ref: DocumentRef): string => `${ref.type}#${ref.id}`;

/**
 * Many documents' headers, each with its first line's description ('' without lines), by documentRefKey:
 * one BatchGetItem of the header and `LINE#0001` per document (eventually consistent): what the owner
 * statement says of each line of a month, without reading every document's partition.
 */
export async function headersWithFirstLine(
  refs: readonly DocumentRef[],
): Promise<Map<string, { record: MoneyRecord; firstLine: string }>> {
  const items = await batchGet(
    refs.flatMap((r) => [keys.moneyDocument(r.type, r.id), keys.moneyDocumentLine(r.type, r.id, 1)]),
  );
  const firstLines = new Map<string, string>();
  for (const item of items)
    if (String(item.SK).startsWith(keys.linePrefix))
      firstLines.set(String(item.PK), lineOf(item).description);
  const found = new Map<string, { record: MoneyRecord; firstLine: string }>();
  for (const ref of refs) {
    const { PK, SK } = keys.moneyDocument(ref.type, ref.id);
    const header = items.find((i) => i.PK === PK && i.SK === SK);
    if (header)
      found.set(documentRefKey(ref), {
        record: recordOf(ref.type, header),
        firstLine: firstLines.get(PK) ?? '',
      });
  }
  return found;
}

/** A date range of the list indexes (both ends inclusive, either may be open). */
export type DateRange = { from?: string | undefined; to?: string | undefined };

/** The sort-key condition of a document-date range on `<date>#<pad id>` keys. */
function dateRangeKey(range: DateRange): PartitionQuery['sk'] {
  if (!range.from && !range.to) return undefined;
  return { between: [range.from ?? '0000', `${range.to ?? '9999'}#~`] };
}

/**
 * The headers of one of the kind's lists in a document-date range, in date order: I2/E2 every document, I4/E3
 * a property's (`value` its id), I3 a tenant's invoices. A list the kind does not keep is a programming error.
 */
export async function documentsIn<T extends DocumentType>(
  type: T,
  list: DocumentList,
  value: number,
  range: DateRange,
): Promise<RecordOf<T>[]> {
  const index = LISTS[type][list];
  if (!index) throw new Error(`${type}s have no ${list} list`);
  const sk = dateRangeKey(range);
  const query = { index: index.index, ...(sk ? { sk } : {}) };
  const items = index.spread
    ? await queryMerged(overPartitions(index.spread(), query))
    : await queryPartition({ ...query, pk: index.pk(value) });
  return items.map((item) => recordOf(type, item));
}

/**
 * I2 page by page, only the invoices of one type (a filter on the walk, so every header is read once):
 * a one-time migration's read of every invoice of that type; the caller hands each page on before the next.
 */
export async function* invoicePagesOfType(type: string, pageSize = 200): AsyncGenerator<InvoiceRecord[]> {
  for (const pk of indexKeys.invoicesPartitions())
    for await (const items of partitionPages(
      {
        index: INDEX.gsi1,
        pk,
        filter: { expression: '#type = :type', names: { '#type': 'description' }, values: { ':type': type } },
      },
      pageSize,
    ))
      yield items.map((item) => recordOf('invoice', item));
}

/** `unchanged:<type> <id>`: the header is still at the version read (a write that moved it fails this). */
export const headerUnchangedPart = (read: Read): TxPart =>
  part.check(
    headerLabel('unchanged', read.type, read.id),
    keys.moneyDocument(read.type, read.id),
    'version = :read',
    { values: { ':read': read.version } },
  );

/** A header as read: the version a write on it is conditioned on. */
export type Read = { type: DocumentType; id: number; version: number };
type Names = Record<string, string>;

/**
 * A header update conditioned on the version read, moving it (invoice-anomalies-repo.ts builds one too): a
 * fixed expression (its `ADD version :one` given `:one`), or `{set, remove, add}` that adds to the version.
 */
export function headerPart(
  verb: string,
  read: Read,
  update: string | UpdateSpec,
  values: Item = {},
  names?: Names,
) {
  const fixed = typeof update === 'string';
  return part.update(headerLabel(verb, read.type, read.id), keys.moneyDocument(read.type, read.id), update, {
    condition: 'version = :read',
    values: { ...values, ':read': read.version, ...(fixed ? { ':one': 1 } : {}) },
    ...(names ? { names } : {}),
  });
}

/**
 * `update:<type> <id>`: the header fields an admin change writes (never the settlement figures, which are the
 * ledger's), conditioned on the version read. Undefined fields are left as they are.
 */
export function updateHeaderPart(read: Read, changes: Readonly<Record<string, unknown>>): TxPart {
  return headerPart('update', read, { set: changes, add: { version: 1 } });
}

/**
 * `reassign:invoice <id>`: the invoice is another tenant's now (a guest record's invoices joining the account
 * that claimed it, docs/tenants.md): `tenantId` and its list's index key (I3) together, conditioned on the
 * version read. Nothing of the money changes: no figure, line, payment or journal entry.
 */
export function reassignInvoiceTenantPart(read: Read, tenantId: number, now: Date): TxPart {
  const list = LISTS.invoice.tenant;
  const names = list && GLOBAL_INDEXES.find((i) => i.name === list.index);
  if (!list || !names) throw new Error('invoices keep a tenant list');
  return headerPart(
    'reassign',
    read,
    'SET tenantId = :tenant, #listPk = :listPk, dateUpdated = :now ADD version :one',
    { ':tenant': tenantId, ':listPk': list.pk(tenantId), ':now': now.toISOString() },
    { '#listPk': names.pk },
  );
}

/**
 * `cancel:<type> <id>`: the cancelled status (`status`: 5 invoice, 3 expense), conditioned on the version read
 * and, as a second guard, on nothing paid (`paidCents` absent or 0): a payment that landed first fails it.
 */
export function cancelHeaderPart(read: Read, status: number, now: Date): TxPart {
  return part.update(
    headerLabel('cancel', read.type, read.id),
    keys.moneyDocument(read.type, read.id),
    'SET #s = :cancelled, updatedAt = :now ADD version :one',
    {
      condition: 'version = :read AND (attribute_not_exists(paidCents) OR paidCents = :zero)',
      names: { '#s': 'status' },
      values: {
        ':cancelled': status,
        ':now': now.toISOString(),
        ':read': read.version,
        ':one': 1,
        ':zero': 0,
      },
    },
  );
}

/** `settle:<type> <id>`: the settlement figures and status after a payment or refund. */
export const settleHeaderPart = (
  read: Read,
  next: { status: number; paidCents: number; refundedCents: number; returnedCents: number },
  now: Date,
): TxPart =>
  headerPart(
    'settle',
    read,
    'SET #s = :status, paidCents = :paid, refundedCents = :refunded, returnedCents = :returned, updatedAt = :now ADD version :one',
    {
      ':status': next.status,
      ':paid': next.paidCents,
      ':refunded': next.refundedCents,
      ':returned': next.returnedCents,
      ':now': now.toISOString(),
    },
    { '#s': 'status' },
  );

/**
 * `processing:<type> <id>`: the processing status and the PaymentIntent the processor reported processing
 * (`processingIntentId`: while it has not settled, a card payment is in flight).
 */
export const processingHeaderPart = (read: Read, status: number, intentId: string, now: Date): TxPart =>
  headerPart(
    'processing',
    read,
    'SET #s = :status, processingIntentId = :intent, updatedAt = :now ADD version :one',
    { ':status': status, ':intent': intentId, ':now': now.toISOString() },
    { '#s': 'status' },
  );

/**
 * `dispute:<type> <id>`: the latest state of a card dispute, kept as `dispute`. Not conditioned on the version
 * (a dispute is a fact whatever else changed) but it moves it, so a concurrent settlement re-reads.
 */
export const disputeHeaderPart = ({ type, id }: Omit<Read, 'version'>, dispute: Item, now: Date): TxPart =>
  part.update(
    headerLabel('dispute', type, id),
    keys.moneyDocument(type, id),
    'SET dispute = :d, updatedAt = :now ADD version :one',
    { condition: 'attribute_exists(PK)', values: { ':d': dispute, ':now': now.toISOString(), ':one': 1 } },
  );

export const INVOICE_UNPAID_LABEL = 'check:invoice unpaid';

/**
 * `check:invoice unpaid`: the invoice is unpaid (status 0: not paid, not processing, not closed) with something
 * still due, when the transaction commits. A charge that depends on the invoice being unpaid (a late fee on a
 * rent invoice) carries it, so a payment that lands after the decision was read fails the charge, not the books.
 */
export const invoiceUnpaidPart = (invoiceId: number): TxPart =>
  part.check(
    INVOICE_UNPAID_LABEL,
    keys.moneyDocument('invoice', invoiceId),
    '#s = :unpaid AND (attribute_not_exists(paidCents) OR paidCents < totalCents)',
    { names: { '#s': 'status' }, values: { ':unpaid': INVOICE_STATUS.unpaid } },
  );

const GUARDED = ['update', 'cancel', 'settle', 'processing', 'anomaly', 'put', 'unchanged', 'reassign'];

/**
 * Whether a transaction failed because the document changed since it was read: one of its header parts lost
 * its version (or nothing-paid) condition, or a rival append took a line number. Read again, decide again.
 */
export const documentChanged = (error: unknown, type: DocumentType): boolean =>
  error instanceof TransactionFailed &&
  GUARDED.some((verb) => error.conditionFailed(headerLabelOfType(verb, type)));
