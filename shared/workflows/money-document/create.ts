/**
 * A new invoice or expense (docs/invoices-expenses.md "Create"), the same for every writer — the admin endpoints,
 * the website booking's BOOKING invoice, the rent run's RENT and late-fee invoices, a lease's DEPOSIT, the fixture
 * loader: ONE transaction of the header with its index keys
 * and lines (money-documents repository), the journal posting of its figures unless it is a draft or all 0
 * (shared/workflows/ledger/posting.ts), and the change record (audit; `invoice.created` for invoices) whose
 * `after` is the document's view.
 */
import { changePart } from '../../data/changes-repo.js';
import { insertDocumentParts } from '../../data/money-documents-repo.js';
import { getProperty } from '../../data/properties-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { nextId } from '../../db/counters.js';
import { commit, type TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { todayIn } from '../../domain/dates.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import { documentFigures, type Figures, nonZero } from '../../domain/money-document/figures.js';
import {
  INVOICE,
  INVOICE_STATUS,
  type InvoiceType,
  isPosted,
  type MoneyKind,
} from '../../domain/money-document/kind.js';
import type { DocumentLine } from '../../domain/money-document/line-items.js';
import {
  type DocumentHeader,
  documentDateOf,
  documentIdOf,
  type RecordOf,
} from '../../domain/money-document/record.js';
import { documentView } from '../../domain/money-document/view.js';
import type { LateFeeDays } from '../../domain/money-document/words.js';
import { BadRequest } from '../../errors.js';
import { journalParts, newJournalEntryId } from '../ledger/posting.js';

export interface NewDocumentContext {
  /** The posting's journal entry id (newJournalEntryId()); null only for a document that posts nothing. */
  entryId: number | null;
  by: Actor;
  now: Date;
}

/** Whether a new document in this state posts its figures: not a draft, and not all 0. */
export const postsOnCreate = (kind: MoneyKind, record: DocumentHeader): boolean =>
  isPosted(kind, record.status) && nonZero(record) !== null;

/**
 * A new document as its writer gives it: everything but its figures, which only the one totals rule
 * (`documentFigures`: its lines and tax rates) decides, whoever writes it.
 */
export type NewRecord<T extends DocumentType> = Omit<RecordOf<T>, keyof Figures>;

/** The record of a new document: its fields and the figures of its lines. */
export const newRecord = <T extends DocumentType>(
  fields: NewRecord<T>,
  lines: readonly DocumentLine[],
): RecordOf<T> => ({ ...fields, ...documentFigures(lines, fields.tax, fields.tax2) }) as RecordOf<T>;

/** What a system-made invoice names (a booking, a month's rent, a late fee, a lease's deposit …). */
export interface NewInvoiceInput {
  invoiceId: number;
  description: InvoiceType;
  tenantId: number | null;
  /** The invoicee when it is an admin or landlord (a management fee's OWNER invoice). */
  adminId?: number | null;
  propertyId: number | null;
  /** The day it is made (site date). */
  invoiceDate: string;
  dueDate: string;
  reservationId?: number | null;
  leaseId?: number | null;
  /** The month a rent run's invoice (or the late fee of one) is for, `YYYY-MM`. */
  period?: string;
  /** The RENT invoice a late fee is charged on. */
  lateFeeOf?: number;
  /** The days a late fee charges. */
  lateFeeDays?: LateFeeDays;
  /** Tax rates in percent; 0 when left out. */
  tax?: number;
  tax2?: number;
  now: Date;
}

/** The one constructor of an invoice's fields: unpaid, nothing paid, created now; its figures come later. */
export const newInvoice = (input: NewInvoiceInput): NewRecord<'invoice'> => {
  const { now, tax = 0, tax2 = 0, reservationId = null, leaseId, ...fields } = input;
  return {
    ...fields,
    reservationId,
    ...(leaseId === undefined ? {} : { leaseId }),
    tax,
    tax2,
    status: INVOICE_STATUS.unpaid,
    dateCreated: now.toISOString(),
  };
};

/**
 * The parts of a new document: the header and its lines (the figures computed from them here), its posting
 * (dated the document's date) and its change record. Pure: the ids are the caller's, so a writer composing a
 * larger transaction decides them.
 */
export function newDocumentParts<T extends DocumentType>(
  kind: MoneyKind<T>,
  fields: NewRecord<T>,
  lines: readonly DocumentLine[],
  { entryId, by, now }: NewDocumentContext,
): TxPart[] {
  const record = newRecord<T>(fields, lines);
  const documentId = documentIdOf(record);
  const posts = postsOnCreate(kind, record);
  if (posts && entryId === null) throw new Error(`a posted ${kind.type} needs its journal entry id`);
  const journal = {
    documentType: kind.type,
    documentId,
    documentKind: record.description,
    propertyId: record.propertyId,
  };
  return [
    ...insertDocumentParts(kind.type, record, lines),
    ...(posts && entryId !== null
      ? journalParts(journal, record, { entryId, date: documentDateOf(record), now })
      : []),
    changePart(
      {
        recordType: kind.type,
        recordId: documentId,
        action: 'created',
        after: documentView(kind, record, lines),
        ...(kind.events.created ? { event: kind.events.created } : {}),
      },
      by,
      now,
    ),
  ];
}

/** The parts of a new invoice with its posting and change record (a website booking's BOOKING invoice). */
export const newInvoiceParts = (
  record: NewRecord<'invoice'>,
  lines: readonly DocumentLine[],
  context: NewDocumentContext,
): TxPart[] => newDocumentParts(INVOICE, record, lines, context);

/** What every kind's create body carries (each kind adds its own fields). */
export interface DocumentInput {
  dueDate: string;
  propertyId?: number | undefined;
  tax: number;
  tax2: number;
  status?: number | undefined;
  lineItems: DocumentLine[];
}

/** The kind's own header fields of a new document, given its id and date (the creation day, site time). */
export type OwnFields<T extends DocumentType> = (
  id: number,
  date: string,
) => Omit<RecordOf<T>, keyof DocumentHeader>;

/** A new document is unpaid (the default) or a draft: payment states come from payments, cancelled from DELETE. */
function createdStatus(kind: MoneyKind, requested: number | undefined): number {
  const { unpaid, draft } = kind.status;
  const status = requested ?? unpaid;
  if (status !== unpaid && status !== draft)
    throw new BadRequest(`A new ${kind.type} is unpaid (${unpaid}) or a draft (${draft})`, [
      {
        field: 'status',
        message: `must be ${unpaid} or ${draft} on create (payments set the others; cancel with DELETE)`,
      },
    ]);
  return status;
}

/**
 * The admin create: 400 for a status other than unpaid or draft, figures out of range or a property that does
 * not exist; then the next id of the kind, the site's today as its date, and one transaction. The answer is
 * the spec's `{success, <type>Id, <type>}`.
 */
export async function createDocument<T extends DocumentType>(
  kind: MoneyKind<T>,
  input: DocumentInput,
  ownFields: OwnFields<T>,
  by: Actor,
  now: Date,
) {
  const status = createdStatus(kind, input.status);
  // Lines that cannot be totalled are a 400 before an id is taken.
  documentFigures(input.lineItems, input.tax, input.tax2);
  if (input.propertyId !== undefined && !(await getProperty(input.propertyId)))
    throw new BadRequest(`Property ${input.propertyId} does not exist`, [
      { field: 'propertyId', message: 'no such property' },
    ]);
  const [id, settings] = await Promise.all([nextId(kind.type), getSettings()]);
  const today = todayIn(settings.systemTimeZone, now);
  const iso = now.toISOString();
  const header: Omit<DocumentHeader, keyof Figures> = {
    propertyId: input.propertyId ?? null,
    dueDate: input.dueDate,
    tax: input.tax,
    tax2: input.tax2,
    status,
    paidCents: 0,
    refundedCents: 0,
    dateCreated: iso,
    dateUpdated: iso,
  };
  // The kind's fields and the common header make its record (RecordOf<T> is their union by construction).
  const record = newRecord<T>({ ...ownFields(id, today), ...header } as NewRecord<T>, input.lineItems);
  const entryId = postsOnCreate(kind, record) ? await newJournalEntryId() : null;
  await commit(newDocumentParts(kind, record, input.lineItems, { entryId, by, now }));
  return { success: true, [kind.idField]: id, [kind.type]: documentView(kind, record, input.lineItems) };
}
