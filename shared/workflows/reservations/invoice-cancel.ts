/**
 * What cancelling a reservation does to its invoice: a website booking's BOOKING invoice (found through its
 * order) is cancelled in the same transaction while it is unpaid, with its journal reversal (docs/money.md);
 * a paid, partly paid or processing invoice is kept.
 */
import { readHeader } from '../../data/money-documents-repo.js';
import { getOrder } from '../../data/orders-repo.js';
import type { TxPart } from '../../db/transaction.js';
import type { ReservationRecord } from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';
import { INVOICE, isClosed } from '../../domain/money-document/kind.js';
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

/**
 * Whether the reservation's booking invoice is still open (not cancelled or void) after its cancel parts were
 * planned: a hold may only run out when its unpaid invoice is cancelled with it (never a cancelled booking
 * whose invoice stays open, partly paid or with a card payment in flight).
 */
export async function bookingInvoiceOpen(r: ReservationRecord): Promise<boolean> {
  const invoiceId = r.orderId === null ? null : ((await getOrder(r.orderId))?.invoiceId ?? null);
  if (invoiceId === null) return false;
  const header = await readHeader('invoice', invoiceId);
  return header !== undefined && !isClosed(INVOICE, header.record.status);
}
