/**
 * What the ledger needs of an invoice or expense header (docs/money.md "The header's settlement figures"):
 * its figures, status, version and `paidCents`/`refundedCents`, read through the money-documents repository
 * (absent settlement figures read as 0).
 */
import { readHeader } from '../../data/money-documents-repo.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import type { SettlementState } from '../../domain/ledger/settlement.js';
import { documentIdOf, moneyOf, type StoredHeader } from '../../domain/money-document/record.js';

export interface MoneyDocument extends SettlementState {
  documentId: number;
  propertyId: number | null;
  subtotalCents: number;
  taxCents: number;
  /** The optimistic-lock counter every header write is conditioned on (and moves). */
  version: number;
}

/** The ledger's view of a header as read. */
export function moneyDocumentOf(
  documentType: DocumentType,
  { record, version }: StoredHeader,
): MoneyDocument {
  return {
    documentType,
    documentId: documentIdOf(record),
    propertyId: record.propertyId,
    ...moneyOf(record),
    version,
  };
}

/** The header by id (a strongly consistent GetItem: a settlement decides on it), or undefined. */
export async function readMoneyDocument(
  documentType: DocumentType,
  documentId: number,
): Promise<MoneyDocument | undefined> {
  const stored = await readHeader(documentType, documentId);
  return stored && moneyDocumentOf(documentType, stored);
}

/** The repository's address of the header as read: what its next write is conditioned on. */
export const headerRead = (doc: MoneyDocument) => ({
  type: doc.documentType,
  id: doc.documentId,
  version: doc.version,
});
