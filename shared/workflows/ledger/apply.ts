/**
 * Read, decide, commit, and again on a stale read: the loop every money write on a header runs (docs/money.md
 * "Races"). Used by the recorded-payments endpoint and the Stripe webhook.
 */

import { emitBusinessMetric } from '../../business-metrics.js';
import { getReservation, reservationChanged, type StoredReservation } from '../../data/reservations-repo.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, type TxPart } from '../../db/transaction.js';
import { RESERVATION_STATUS } from '../../domain/booking/reservation.js';
import type { DocumentType } from '../../domain/ledger/journal.js';
import { INVOICE_STATUS } from '../../domain/money-document/kind.js';
import type { InvoiceRecord } from '../../domain/money-document/record.js';
// The hold's module only: the workflow's index would bring the booking's guest records (and the data key) along.
import { confirmHoldParts } from '../reservations/holds.js';
import { type MoneyDocument, readMoneyDocument } from './document.js';
import {
  type SettlementInput,
  type SettlementPlan,
  SettlementRefused,
  settlementParts,
  settlementStale,
} from './settlement.js';

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
    const booking = await bookingOf(doc);
    if (
      booking?.record.status === RESERVATION_STATUS.cancelled &&
      input.source === 'processor' &&
      input.amountCents > 0
    )
      throw new SettlementRefused(
        'bookingCancelled',
        `reservation ${booking.record.reservationId} of this invoice was cancelled before the payment arrived`,
      );
    const plan = await settlementParts(doc, input);
    const confirm =
      booking && plan.settlement.status === INVOICE_STATUS.paid
        ? // A hold paid in full is confirmed in the payment's own transaction (DESIGN.md "Bookings that are
          // not paid yet"), by the reservation's owner.
          confirmHoldParts(booking, input.by, input.now)
        : [];
    try {
      await commit([...plan.parts, ...confirm, ...extraParts(doc)]);
    } catch (error) {
      if (settlementStale(error, documentType)) throw new StaleRecord();
      // The booking changed meanwhile (its hold ran out, staff changed it): read both again.
      if (booking && reservationChanged(error, booking.record.reservationId)) throw new StaleRecord();
      throw error;
    }
    // The dashboard's payments per hour: a payment recorded or settled by card (refunds are not counted).
    if (input.amountCents > 0) emitBusinessMetric('Payments');
    return { ...plan, before: doc };
  });
}

/** The website booking an invoice is for (its BOOKING invoice names the reservation), as read now. */
async function bookingOf(doc: MoneyDocument): Promise<StoredReservation | undefined> {
  if (doc.documentType !== 'invoice') return undefined;
  const reservationId = (doc.record as InvoiceRecord).reservationId;
  return reservationId === null ? undefined : getReservation(reservationId);
}
