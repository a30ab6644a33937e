/**
 * What the ledger needs of an invoice or expense header (docs/money.md "The header's settlement figures"):
 * its figures, status, version and `paidCents`/`refundedCents`. Headers written before the money slice (or by
 * a repository that does not set them yet) read as 0 paid, 0 refunded, version 1.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../../db/client.js';
import { keys } from '../../db/keys.js';
import type { Item } from '../../db/query.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import type { SettlementState } from '../../domain/ledger/settlement.js';

export interface MoneyDocument extends SettlementState {
  documentId: number;
  propertyId: number | null;
  subtotalCents: number;
  taxCents: number;
  /** The optimistic-lock counter every header write is conditioned on (and moves). */
  version: number;
}

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' ? v : fallback);

/** The ledger's view of a header item (`INVOICE` or `EXPENSE`). */
export function moneyDocumentFromItem(documentType: DocumentType, item: Item): MoneyDocument {
  const id = documentType === 'invoice' ? item.invoiceId : item.expenseId;
  const documentId = typeof id === 'number' ? id : Number(String(item.PK).split('#')[1]);
  return {
    documentType,
    documentId,
    propertyId: typeof item.propertyId === 'number' ? item.propertyId : null,
    status: num(item.status),
    subtotalCents: num(item.subtotalCents),
    taxCents: num(item.taxCents),
    totalCents: num(item.totalCents),
    paidCents: num(item.paidCents),
    refundedCents: num(item.refundedCents),
    version: num(item.version, 1),
  };
}

/** The header by id (a strongly consistent GetItem: a settlement decides on it), or undefined. */
export async function readMoneyDocument(
  documentType: DocumentType,
  documentId: number,
): Promise<MoneyDocument | undefined> {
  const { Item: item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.moneyDocument(documentType, documentId),
      ConsistentRead: true,
    }),
  );
  return item ? moneyDocumentFromItem(documentType, item) : undefined;
}
