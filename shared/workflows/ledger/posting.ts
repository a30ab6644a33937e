/**
 * The journal entries of a document's life (docs/money.md "Which write posts what"): the entry that moves what
 * the journal holds for an invoice or expense — its posting when created or reopened, the difference when its
 * figures change, the reversal (the mirror) when it is cancelled or voided. Each is a transaction part
 * (journal-repo's `put:journal <entryId>`) for the transaction that writes the header, so a document and its
 * journal never disagree.
 */

import { insertJournalEntryPart } from '../../data/journal-repo.js';
import { ownerAccountParts } from '../../data/owner-account-repo.js';
import { nextBlockId } from '../../db/counters.js';
import type { TxPart } from '../../db/transaction.js';
import {
  balances,
  type DocumentFigures,
  type DocumentType,
  type EarningsAccount,
  earningsAccountOf,
  type JournalEntryRecord,
  type JournalLine,
  mirrorLines,
  postedKind,
  postedLines,
  reclassifiedLines,
  reversedKind,
} from '../../domain/ledger/journal.js';

/** Journal entry ids (counter 'journal', from this process's block: every posting takes one); one per entry. */
export const newJournalEntryId = (): Promise<number> => nextBlockId('journal');

/** The document an entry belongs to. */
export interface JournalDocument {
  documentType: DocumentType;
  documentId: number;
  /** Its type (RENT, OWNER …), kept on the entry for the owner statement. */
  documentKind: string;
  propertyId: number | null;
}

/**
 * The parts of one journal entry: the entry, and what it does to its property's owner account (the owner
 * statement's opening balances), in the same transaction so the two never disagree.
 */
export const journalEntryParts = (entry: JournalEntryRecord): TxPart[] => [
  insertJournalEntryPart(entry),
  ...ownerAccountParts(entry),
];

export interface JournalMove {
  /** The entry id (newJournalEntryId()), decided by the caller so the parts stay pure. */
  entryId: number;
  /** The accounting day (site time zone, YYYY-MM-DD). */
  date: string;
  now: Date;
}

/**
 * The journal entry that moves what the journal holds for the document by `delta` (null: nothing to post, no
 * part): a posting of the difference (Dr receivable / Cr revenue + taxPayable, a DEPOSIT's subtotal to
 * depositsHeld instead of revenue; Dr expense / Cr payable), or,
 * when the total goes down, the reversal of its opposite, so a lowered document reads as a partial reversal
 * and a cancelled one as the mirror of its posting.
 */
export function journalParts(
  doc: JournalDocument,
  delta: DocumentFigures | null,
  move: JournalMove,
): TxPart[] {
  if (!delta) return [];
  const reversal = delta.totalCents < 0;
  const lines = postedLines(
    doc.documentType,
    reversal
      ? { subtotalCents: -delta.subtotalCents, taxCents: -delta.taxCents, totalCents: -delta.totalCents }
      : delta,
    doc.documentKind,
  );
  return journalEntryParts({
    entryId: move.entryId,
    kind: reversal ? reversedKind(doc.documentType) : postedKind(doc.documentType),
    date: move.date,
    documentType: doc.documentType,
    documentId: doc.documentId,
    documentKind: doc.documentKind,
    propertyId: doc.propertyId,
    lines: reversal ? mirrorLines(lines) : lines,
    paymentId: null,
    createdAt: move.now.toISOString(),
  });
}

/** journalParts with an entry id of its own, taken only when there is something to post. */
export async function adjustmentParts(
  doc: JournalDocument,
  delta: DocumentFigures | null,
  date: string,
  now: Date,
): Promise<TxPart[]> {
  return delta ? journalParts(doc, delta, { entryId: await newJournalEntryId(), date, now }) : [];
}

/** The earnings account an invoice's type does not use (where a reclassification moves money from). */
const otherEarnings = (to: EarningsAccount): EarningsAccount =>
  to === 'revenue' ? 'depositsHeld' : 'revenue';

/**
 * The entry that moves what the document's journal holds in the other earnings account into the one its type
 * uses (`doc.documentKind`: depositsHeld for a DEPOSIT, else revenue), so every cent an invoice earned sits
 * where its type says; none when nothing is there. Used when an invoice's type changes to or from DEPOSIT,
 * and by the deposit migration for DEPOSITs posted to revenue before the liability account existed.
 */
export function reclassificationParts(
  doc: JournalDocument,
  journal: readonly { entryId: number; lines: readonly JournalLine[] }[],
  move: JournalMove,
): TxPart[] {
  if (doc.documentType !== 'invoice') return [];
  const to = earningsAccountOf(doc.documentKind);
  const from = otherEarnings(to);
  // What `from` holds as a credit (an invoice's earnings are credits; a credit invoice's, a debit).
  const held = -(balances(journal).get(from) ?? 0);
  if (held === 0) return [];
  return journalEntryParts({
    entryId: move.entryId,
    kind: 'reclassified',
    date: move.date,
    documentType: doc.documentType,
    documentId: doc.documentId,
    documentKind: doc.documentKind,
    propertyId: doc.propertyId,
    lines: reclassifiedLines(from, to, held),
    paymentId: null,
    createdAt: move.now.toISOString(),
  });
}
