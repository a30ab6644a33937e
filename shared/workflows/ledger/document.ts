/**
 * What the ledger needs of an invoice or expense (docs/money.md "The header's settlement figures"): its
 * figures, status, version and `paidCents`/`refundedCents` (absent settlement figures read as 0), and the
 * record with its lines, so the change it announces carries the document as the admin API shows it.
 */
import { readDocument } from '../../data/money-documents-repo.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import type { SettlementState } from '../../domain/ledger/settlement.js';
import { kindOf } from '../../domain/money-document/kind.js';
import type { DocumentLine } from '../../domain/money-document/line-items.js';
import { documentIdOf, type MoneyRecord, moneyOf } from '../../domain/money-document/record.js';
import { documentView } from '../../domain/money-document/view.js';

export interface MoneyDocument extends SettlementState {
  documentId: number;
  /** The document's type (RENT, OWNER …), which its journal entries keep. */
  documentKind: string;
  propertyId: number | null;
  subtotalCents: number;
  taxCents: number;
  /** The optimistic-lock counter every header write is conditioned on (and moves). */
  version: number;
  record: MoneyRecord;
  lines: DocumentLine[];
}

/** The document by id with its lines (one strongly consistent Query: a settlement decides on it), or undefined. */
export async function readMoneyDocument(
  documentType: DocumentType,
  documentId: number,
): Promise<MoneyDocument | undefined> {
  const stored = await readDocument(documentType, documentId, { consistent: true });
  if (!stored) return undefined;
  return {
    documentType,
    documentId: documentIdOf(stored.record),
    documentKind: stored.record.description,
    propertyId: stored.record.propertyId,
    ...moneyOf(stored.record),
    version: stored.version,
    record: stored.record,
    lines: stored.lines,
  };
}

/**
 * The document as the admin API shows it, with `changes` to its record applied (the state a settlement,
 * processing or dispute leaves): an announced change's record (DESIGN.md "Outbound webhooks").
 */
export const viewOf = (doc: MoneyDocument, changes: Partial<MoneyRecord> = {}) =>
  documentView(kindOf(doc.documentType), { ...doc.record, ...changes } as MoneyRecord, doc.lines);

/** The repository's address of the header as read: what its next write is conditioned on. */
export const headerRead = (doc: MoneyDocument) => ({
  type: doc.documentType,
  id: doc.documentId,
  version: doc.version,
});
