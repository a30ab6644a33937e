/**
 * Read, decide, commit, and again on a stale read: the loop every money write on a header runs (docs/money.md
 * "Races"). Used by the recorded-payments endpoint and the Stripe webhook.
 */

import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, type TxPart } from '../../db/transaction.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import { type MoneyDocument, readMoneyDocument } from './document.js';
import { type SettlementInput, type SettlementPlan, settlementParts, settlementStale } from './settlement.js';

export interface AppliedSettlement extends SettlementPlan {
  /** The document as it was read for the write that landed. */
  before: MoneyDocument;
}

/**
 * Settles a payment or refund on the document; undefined when there is no such document. Throws
 * SettlementRefused (the rules), or a Conflict when rivals kept changing the document for every attempt.
 * `extraParts` join the same transaction (the Stripe event-once item).
 */
export async function applySettlement(
  documentType: DocumentType,
  documentId: number,
  input: SettlementInput,
  extraParts: (doc: MoneyDocument) => TxPart[] = () => [],
): Promise<AppliedSettlement | undefined> {
  return retryStale(`${documentType} ${documentId}`, async () => {
    const doc = await readMoneyDocument(documentType, documentId);
    if (!doc) return undefined;
    const plan = await settlementParts(doc, input);
    try {
      await commit([...plan.parts, ...extraParts(doc)]);
    } catch (error) {
      if (settlementStale(error, documentType)) throw new StaleRecord();
      throw error;
    }
    return { ...plan, before: doc };
  });
}
