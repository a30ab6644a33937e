/**
 * Journal parts of a document's life (docs/money.md "Which write posts what"): the posting when it is
 * created, the reversal (the mirror) when it is cancelled, and the cancel itself (the header's status,
 * conditioned on the version read and on no settled payment). Each returns transaction parts that go into
 * the same transaction as the header write, so a document and its journal never disagree.
 */

import { insertJournalEntryPart } from '../../data/journal-repo.js';
import { nextId } from '../../db/counters.js';
import { keys } from '../../db/keys.js';
import { part, TransactionFailed, type TxPart } from '../../db/transaction.js';
import {
  type DocumentFigures,
  type DocumentType,
  mirrorLines,
  postedKind,
  postedLines,
  reversedKind,
} from '../../domain/ledger/journal.js';
import { cancelledStatus } from '../../domain/ledger/settlement.js';
import type { MoneyDocument } from './document.js';

/** Journal entry ids (counter 'journal'); one per entry a transaction writes. */
export const newJournalEntryId = (): Promise<number> => nextId('journal');

export interface PostingInput extends DocumentFigures {
  documentType: DocumentType;
  documentId: number;
  propertyId: number | null;
  /** The entry id (newJournalEntryId()), decided by the caller so the parts stay pure. */
  entryId: number;
  /** The accounting day: the document's date (site time zone). */
  date: string;
  now: Date;
}

function entryPart(input: PostingInput, reversal: boolean): TxPart {
  const lines = postedLines(input.documentType, input);
  return insertJournalEntryPart({
    entryId: input.entryId,
    kind: reversal ? reversedKind(input.documentType) : postedKind(input.documentType),
    date: input.date,
    documentType: input.documentType,
    documentId: input.documentId,
    propertyId: input.propertyId,
    lines: reversal ? mirrorLines(lines) : lines,
    paymentId: null,
    createdAt: input.now.toISOString(),
  });
}

/** The posting of a new document: Dr receivable / Cr revenue + taxPayable (invoice), Dr expense / Cr payable. */
export const postingParts = (input: PostingInput): TxPart[] => [entryPart(input, false)];

/** The reversal of a document's posting (its mirror), for a cancel. */
export const reversalParts = (input: PostingInput): TxPart[] => [entryPart(input, true)];

/**
 * The journal entry that moves what the journal holds for a document by `delta` (null: nothing to post): a
 * posting of the difference, or, when the total goes down, the reversal of its opposite (so a lowered invoice
 * or expense reads as a partial reversal).
 */
export async function adjustmentParts(
  doc: Pick<PostingInput, 'documentType' | 'documentId' | 'propertyId'>,
  delta: DocumentFigures | null,
  date: string,
  now: Date,
): Promise<TxPart[]> {
  if (!delta) return [];
  const base = { ...doc, entryId: await newJournalEntryId(), date, now };
  return delta.totalCents < 0
    ? reversalParts({
        ...base,
        subtotalCents: -delta.subtotalCents,
        taxCents: -delta.taxCents,
        totalCents: -delta.totalCents,
      })
    : postingParts({ ...base, ...delta });
}

type InvoiceFigures = Omit<PostingInput, 'documentType' | 'documentId'> & { invoiceId: number };
type ExpenseFigures = Omit<PostingInput, 'documentType' | 'documentId'> & { expenseId: number };

export const invoicePostingParts = ({ invoiceId, ...f }: InvoiceFigures): TxPart[] =>
  postingParts({ ...f, documentType: 'invoice', documentId: invoiceId });
export const invoiceReversalParts = ({ invoiceId, ...f }: InvoiceFigures): TxPart[] =>
  reversalParts({ ...f, documentType: 'invoice', documentId: invoiceId });
export const expensePostingParts = ({ expenseId, ...f }: ExpenseFigures): TxPart[] =>
  postingParts({ ...f, documentType: 'expense', documentId: expenseId });
export const expenseReversalParts = ({ expenseId, ...f }: ExpenseFigures): TxPart[] =>
  reversalParts({ ...f, documentType: 'expense', documentId: expenseId });

export const CANCEL_LABEL = { invoice: 'cancel:invoice', expense: 'cancel:expense' } as const;

/**
 * `cancel:<type> <id>`: the header's status to cancelled (5 invoice, 3 expense), conditioned on the version
 * read (so a payment, a processing event or an edit that landed since makes it fail: re-read and decide
 * again) and, as a second guard, on no settled payment (`paidCents` absent or 0). The caller has checked
 * cancelRefusal(document) on what it read.
 */
export function cancelHeaderPart(doc: MoneyDocument, now: Date): TxPart {
  return part.update(
    `${CANCEL_LABEL[doc.documentType]} ${doc.documentId}`,
    keys.moneyDocument(doc.documentType, doc.documentId),
    'SET #s = :cancelled, updatedAt = :now ADD version :one',
    {
      condition: 'version = :v AND (attribute_not_exists(paidCents) OR paidCents = :zero)',
      names: { '#s': 'status' },
      values: {
        ':cancelled': cancelledStatus(doc.documentType),
        ':now': now.toISOString(),
        ':v': doc.version,
        ':one': 1,
        ':zero': 0,
      },
    },
  );
}

/** The cancel of a document with its reversal: the header part and the mirror of its posting. */
export function cancelDocumentParts(doc: MoneyDocument, entryId: number, date: string, now: Date): TxPart[] {
  return [
    cancelHeaderPart(doc, now),
    ...reversalParts({
      documentType: doc.documentType,
      documentId: doc.documentId,
      propertyId: doc.propertyId,
      subtotalCents: doc.subtotalCents,
      taxCents: doc.taxCents,
      totalCents: doc.totalCents,
      entryId,
      date,
      now,
    }),
  ];
}

/** Whether a transaction failed because the document changed since it was read (re-read, decide again). */
export const documentChanged = (error: unknown, documentType: DocumentType): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(CANCEL_LABEL[documentType]);
