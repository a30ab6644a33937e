/**
 * Settled payments and refunds (docs/data-model.md I1, I5, E1; docs/money.md): one item per payment in its
 * document's partition (`INVOICE#<id>` or `EXPENSE#<id>`, `SK=PAYMENT#<pad paymentId>`), a refund being a
 * payment with a negative amount. Index keys: I5 `GSI1PK=PAYMENTS#settled`, `GSI1SK=<date>#<pad id>` (income
 * report) and, when the document has a property, `GSI2PK=PROPPAY#<propertyId>` (the same report per
 * property). Written only through shared/workflows/ledger, in the transaction that settles the document.
 */
import { indexKeys, keys } from '../db/keys.js';
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
    GSI1PK: indexKeys.settledPayments(),
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
 * I5: every settled payment and refund from `from` to `to` (inclusive dates), or one property's; reads
 * what is in range, never the table.
 */
export async function settledPaymentsBetween(
  from: string,
  to: string,
  propertyId?: number,
): Promise<PaymentRecord[]> {
  const items = await queryPartition({
    index: propertyId === undefined ? 'GSI1' : 'GSI2',
    pk: propertyId === undefined ? indexKeys.settledPayments() : indexKeys.paymentsByProperty(propertyId),
    sk: { between: [`${from}#`, `${to}#~`] },
  });
  return items.map(paymentFromItem);
}
