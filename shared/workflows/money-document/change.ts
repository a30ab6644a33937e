/**
 * An admin's PUT and DELETE of an invoice or expense (docs/invoices-expenses.md "Update", "Cancel",
 * "Concurrency"), one path for every kind: read the document (one Query), plan (shared/domain/money-document/
 * plan.ts), and commit ONE transaction of the header update conditioned on the version read, the appended
 * lines, the journal entry of what the plan posts and the change record. A rival write since the read (a
 * payment, a cancel, another update, a processing event) fails the header's condition or takes a line number:
 * read again and decide again (retryStale), so two racing requests leave a state one of them alone could have
 * left.
 */
import { changePart } from '../../data/changes-repo.js';
import { journalEntryFromItem } from '../../data/journal-repo.js';
import {
  documentChanged,
  lineParts,
  readDocument,
  type StoredDocument,
  updateHeaderPart,
} from '../../data/money-documents-repo.js';
import { deletePayTokenPart } from '../../data/pay-token-check.js';
import { getIntent } from '../../data/payment-intents-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, TransactionFailed } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { todayIn } from '../../domain/dates.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import { earningsAccountOf } from '../../domain/ledger/journal.js';
import type { MoneyKind } from '../../domain/money-document/kind.js';
import {
  type DocumentPlan,
  type DocumentState,
  type DocumentUpdate,
  type HeaderEdits,
  planCancel,
  planUpdate,
} from '../../domain/money-document/plan.js';
import {
  documentIdOf,
  type InvoiceRecord,
  type MoneyRecord,
  moneyOf,
  type RecordOf,
} from '../../domain/money-document/record.js';
import { documentView } from '../../domain/money-document/view.js';
import { isCardPaymentInFlight, isPayable } from '../../domain/payments/card-payment.js';
import { NotFound } from '../../errors.js';
import {
  adjustmentParts,
  type JournalDocument,
  newJournalEntryId,
  reclassificationParts,
} from '../ledger/posting.js';

export const documentNotFound = (kind: MoneyKind, id: number) => new NotFound(`${kind.noun} ${id} not found`);

/**
 * Whether the document's processing status stands for a real card payment in flight: the intent the processor
 * reported processing (`processingIntentId`) has not settled. A processing status set by hand has none.
 */
async function cardPaymentInFlight(kind: MoneyKind, record: MoneyRecord): Promise<boolean> {
  if (record.status !== kind.status.processing || !('processingIntentId' in record)) return false;
  const intentId = record.processingIntentId;
  return intentId !== undefined && isCardPaymentInFlight(await getIntent(intentId));
}

/** The state a plan decides on, from the header as read. */
export async function documentState(kind: MoneyKind, record: MoneyRecord): Promise<DocumentState> {
  return {
    id: documentIdOf(record),
    ...moneyOf(record),
    tax: record.tax,
    tax2: record.tax2,
    cardPaymentInFlight: await cardPaymentInFlight(kind, record),
  };
}

/** The fields given (a PUT's edits leave out what was not sent). */
const given = (fields: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/**
 * An invoice whose type changes to or from DEPOSIT: what its journal holds moves to the account of the new
 * type (revenue or depositsHeld) before anything else is posted, so the journal never holds a deposit as
 * revenue nor revenue as a deposit.
 */
async function reclassifiedParts(doc: StoredDocument, journal: JournalDocument, date: string, now: Date) {
  if (earningsAccountOf(doc.record.description) === earningsAccountOf(journal.documentKind)) return [];
  const entries = doc.journal.map(journalEntryFromItem);
  return reclassificationParts(journal, entries, { entryId: await newJournalEntryId(), date, now });
}

/** Commits a plan on the document read; a rival write since the read is a StaleRecord (read again). */
async function commitPlan<T extends DocumentType>(
  kind: MoneyKind<T>,
  doc: StoredDocument<RecordOf<T>>,
  plan: DocumentPlan,
  edits: HeaderEdits<RecordOf<T>>,
  by: Actor,
  now: Date,
) {
  const { next } = plan;
  const changes = given({
    ...edits,
    tax: next.tax,
    tax2: next.tax2,
    status: next.status,
    subtotalCents: next.subtotalCents,
    taxCents: next.taxCents,
    totalCents: next.totalCents,
    dateUpdated: now.toISOString(),
  });
  const record = { ...doc.record, ...changes } as RecordOf<T>;
  const id = documentIdOf(record);
  const after = documentView(kind, record, [...doc.lines, ...plan.appended]);
  const date = todayIn((await getSettings()).systemTimeZone, now);
  const journal: JournalDocument = {
    documentType: kind.type,
    documentId: id,
    documentKind: record.description,
    propertyId: record.propertyId,
  };
  const parts = [
    updateHeaderPart({ type: kind.type, id, version: doc.version }, changes),
    ...lineParts(kind.type, id, plan.appended, doc.lines.length + 1),
    // An invoice that can no longer be paid (closed, paid) ends its payment link.
    ...(kind.type === 'invoice' && !isPayable(record as InvoiceRecord) ? [deletePayTokenPart(id)] : []),
    ...(await reclassifiedParts(doc, journal, date, now)),
    // The entry is dated the day of the change, so the owner statement's month shows it when it happened.
    ...(await adjustmentParts(journal, plan.posting, date, now)),
    changePart(
      {
        recordType: kind.type,
        recordId: id,
        action: plan.action,
        before: documentView(kind, doc.record, doc.lines),
        after,
        ...(plan.event ? { event: plan.event } : {}),
      },
      by,
      now,
    ),
  ];
  try {
    await commit(parts);
  } catch (error) {
    if (error instanceof TransactionFailed && (error.transient || documentChanged(error, kind.type)))
      throw new StaleRecord();
    throw error;
  }
  return { success: true, [kind.type]: after };
}

/** Reads, plans and commits, again on a stale read; 404 when there is no such document. */
function change<T extends DocumentType>(
  kind: MoneyKind<T>,
  id: number,
  plan: (state: DocumentState, doc: StoredDocument<RecordOf<T>>) => DocumentPlan,
  edits: HeaderEdits<RecordOf<T>>,
  by: Actor,
  now: Date,
) {
  return retryStale(`${kind.noun} ${id}`, async () => {
    const doc = await readDocument(kind.type, id);
    if (!doc) throw documentNotFound(kind, id);
    return commitPlan(kind, doc, plan(await documentState(kind, doc.record), doc), edits, by, now);
  });
}

/** PUT: the plan of the change given; the kind's other header fields (type, due date, payee …) as given. */
export function updateDocument<T extends DocumentType>(
  kind: MoneyKind<T>,
  id: number,
  update: DocumentUpdate<T>,
  by: Actor,
  now: Date,
) {
  const { status, tax, tax2, lineItems, ...edits } = update;
  const plan = (state: DocumentState, doc: StoredDocument) =>
    planUpdate(kind, state, doc.lines, { status, tax, tax2, lineItems });
  return change(kind, id, plan, edits as HeaderEdits<RecordOf<T>>, by, now);
}

/** DELETE: cancelled, with the journal's figures reversed. */
export const cancelDocument = <T extends DocumentType>(
  kind: MoneyKind<T>,
  id: number,
  by: Actor,
  now: Date,
) => change(kind, id, (state) => planCancel(kind, state), {}, by, now);
