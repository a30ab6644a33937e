/**
 * What cancelling a reservation does to its invoice: a website booking's BOOKING invoice (found through its
 * order) is cancelled in the same transaction while it is unpaid; a paid or processing invoice is kept.
 */
import { changePart } from '../data/changes-repo.js';
import { cancelUnpaidInvoicePart, getInvoiceWithLines, INVOICE_STATUS } from '../data/invoices-repo.js';
import { getOrder } from '../data/orders-repo.js';
import type { TxPart } from '../db/transaction.js';
import type { ReservationRecord } from '../domain/booking/reservation.js';
import type { Actor } from '../domain/change.js';

/**
 * The invoice parts of a cancellation: a website booking's BOOKING invoice (through its order) is cancelled
 * while unpaid, conditioned on still being unpaid; a paid (or processing) invoice is kept. Admin-made
 * reservations have no order and no invoice.
 */
export async function invoiceCancelParts(r: ReservationRecord, by: Actor, now: Date): Promise<TxPart[]> {
  const invoiceId = r.orderId === null ? null : ((await getOrder(r.orderId))?.invoiceId ?? null);
  const found = invoiceId === null ? undefined : await getInvoiceWithLines(invoiceId);
  if (!found || found.invoice.status !== INVOICE_STATUS.unpaid) return [];
  const { invoiceId: id } = found.invoice;
  return [
    cancelUnpaidInvoicePart(id),
    changePart(
      {
        recordType: 'invoice',
        recordId: id,
        action: 'cancelled',
        before: { status: INVOICE_STATUS.unpaid },
        after: { status: INVOICE_STATUS.cancelled },
        event: 'invoice.cancelled',
      },
      by,
      now,
    ),
  ];
}
