/**
 * Settled payments and refunds (docs/data-model.md I1, I5, E1; docs/money.md): one item per payment in its
 * document's partition (`INVOICE#<id>` or `EXPENSE#<id>`, `SK=PAYMENT#<pad paymentId>`), a refund being a
 * payment with a negative amount. Index keys: I5 `GSI1PK=PAYMENTS#settled#<shard of id>`, `GSI1SK=<date>#<pad
 * id>` (income report; spread, docs/data-model.md "Spread") and, when the document has a property,
 * `GSI2PK=PROPPAY#<propertyId>` (the same report per property). Written only through shared/workflows/ledger, in the transaction that settles the document.
 */
import { indexKeys, keys } from '../db/keys.js';
import { overPartitions, queryMerged } from '../db/merged-query.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import type { DocumentType } from '../domain/ledger/journal.js';
import type { PaymentRecord } from '../domain/ledger/payment.js';

/** `put:payment <id>`: the payment item with its index keys (put-if-absent: ids come from the counter). */
export function insertPaymentPart(p: PaymentRecord): TxPart {
  const order = indexKeys.paymentOrder(p.date, p.paymentId);
  return part.putIfAbsent(`put:payment ${p.paymentId}`, {
    ...keys.payment(p.documentType, p.documentId, p.paymentId),
    entity: 'payment',
    ...p,
    GSI1PK: indexKeys.settledPayments(p.paymentId),
    GSI1SK: order,
    ...(p.propertyId === null ? {} : { GSI2PK: indexKeys.paymentsByProperty(p.propertyId), GSI2SK: order }),
  });
}

export const paymentFromItem = (item: Item): PaymentRecord => stripKeys<PaymentRecord>(item);

/** The payments of one document, oldest first (part of I1/E1; the single view reads the whole partition). */
export async function paymentsOf(documentType: DocumentType, documentId: number): Promise<PaymentRecord[]> {
  const { PK } = keys.moneyDocument(documentType, documentId);
  const items = await queryPartition({ pk: PK, sk: { beginsWith: keys.paymentPrefix } });
  return items.map(paymentFromItem);
}

/** The items of a document partition that are payments (for a caller that read the partition whole). */
export const paymentsIn = (items: readonly Item[]): PaymentRecord[] =>
  items.filter((i) => String(i.SK).startsWith(keys.paymentPrefix)).map(paymentFromItem);

/**
 * I5: every settled payment and refund from `from` to `to` (inclusive dates), by date, or one property's;
 * reads what is in range (each partition of the spread list), never the table.
 */
export async function settledPaymentsBetween(
  from: string,
  to: string,
  propertyId?: number,
): Promise<PaymentRecord[]> {
  const sk = { between: [`${from}#`, `${to}#~`] as [string, string] };
  const items =
    propertyId === undefined
      ? await queryMerged(overPartitions(indexKeys.settledPaymentsPartitions(), { index: 'GSI1', sk }))
      : await queryPartition({ index: 'GSI2', pk: indexKeys.paymentsByProperty(propertyId), sk });
  return items.map(paymentFromItem);
}
