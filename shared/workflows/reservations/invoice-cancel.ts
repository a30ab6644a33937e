/**
 * What cancelling a reservation does to its invoice: a website booking's BOOKING invoice (found through its
 * order) is cancelled in the same transaction while it is unpaid, with its journal reversal (docs/money.md);
 * a paid, partly paid or processing invoice is kept.
 */
import { changePart } from '../../data/changes-repo.js';
import { INVOICE_STATUS } from '../../data/invoices-repo.js';
import { getOrder } from '../../data/orders-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import type { TxPart } from '../../db/transaction.js';
import type { ReservationRecord } from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';
import { todayIn } from '../../domain/dates.js';
import { cancelRefusal } from '../../domain/ledger/settlement.js';
import { readMoneyDocument } from '../ledger/document.js';
import { cancelDocumentParts, newJournalEntryId } from '../ledger/posting.js';

/**
 * The invoice parts of a cancellation: a website booking's BOOKING invoice (through its order) is cancelled
 * while unpaid (status 0, nothing paid), conditioned on the version read and on nothing paid, with the
 * reversal of its posting; a payment landing first fails `cancel:invoice <id>` and the caller re-reads
 * (invoiceNoLongerUnpaid). Admin-made reservations have no order and no invoice.
 */
export async function invoiceCancelParts(r: ReservationRecord, by: Actor, now: Date): Promise<TxPart[]> {
  const invoiceId = r.orderId === null ? null : ((await getOrder(r.orderId))?.invoiceId ?? null);
  const doc = invoiceId === null ? undefined : await readMoneyDocument('invoice', invoiceId);
  if (!doc || doc.status !== INVOICE_STATUS.unpaid || cancelRefusal(doc) !== null) return [];
  // The reversal's accounting day: the cancel's day in the site's time zone.
  const date = todayIn((await getSettings()).systemTimeZone, now);
  return [
    ...cancelDocumentParts(doc, await newJournalEntryId(), date, now),
    changePart(
      {
        recordType: 'invoice',
        recordId: doc.documentId,
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
