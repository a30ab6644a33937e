/**
 * What cancelling a reservation does to its invoice: a website booking's BOOKING invoice (found through its
 * order) is cancelled in the same transaction while it is unpaid, with its journal reversal (docs/money.md);
 * a paid, partly paid or processing invoice is kept.
 */
import { getOrder } from '../../data/orders-repo.js';
import type { TxPart } from '../../db/transaction.js';
import type { ReservationRecord } from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';
import { unpaidInvoiceCancelParts } from '../money-document/unpaid-invoice-cancel.js';

/**
 * The invoice parts of a cancellation: a website booking's BOOKING invoice (through its order) is cancelled
 * while unpaid (shared/workflows/money-document/unpaid-invoice-cancel.ts); a payment landing first fails
 * `cancel:invoice <id>` and the caller re-reads (invoiceNoLongerUnpaid). Admin-made reservations have no order
 * and no invoice.
 */
export async function invoiceCancelParts(r: ReservationRecord, by: Actor, now: Date): Promise<TxPart[]> {
  const invoiceId = r.orderId === null ? null : ((await getOrder(r.orderId))?.invoiceId ?? null);
  return invoiceId === null ? [] : unpaidInvoiceCancelParts(invoiceId, by, now);
}
