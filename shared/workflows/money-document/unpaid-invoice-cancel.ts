/**
 * What cancelling a reservation does to its BOOKING invoice (spec "Transitions": unpaid linked invoices are
 * cancelled, paid ones kept; docs/money.md): the parts that cancel it while it is unpaid (status 0, nothing
 * paid) in the reservation's own transaction — the header's cancel conditioned on the version read and on
 * nothing paid, the reversal of its posting, the change record with invoice.cancelled — or none. A payment that
 * lands first fails the cancel part, and invoiceNoLongerUnpaid(error) tells the caller to read again.
 */
import { changePart } from '../../data/changes-repo.js';
import { cancelHeaderPart, documentChanged, readDocument } from '../../data/money-documents-repo.js';
import { deletePayTokenPart } from '../../data/pay-token-check.js';
import { getSettings } from '../../data/settings-repo.js';
import type { TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { todayIn } from '../../domain/dates.js';
import { INVOICE } from '../../domain/money-document/kind.js';
import { cancelConflict, planCancel } from '../../domain/money-document/plan.js';
import { documentView } from '../../domain/money-document/view.js';
import { adjustmentParts } from '../ledger/posting.js';
import { documentState } from './change.js';

/** The parts that cancel an unpaid invoice with its reversal, or none (no such invoice, not unpaid, paid). */
export async function unpaidInvoiceCancelParts(invoiceId: number, by: Actor, now: Date): Promise<TxPart[]> {
  const stored = await readDocument('invoice', invoiceId, { consistent: true });
  if (!stored || stored.record.status !== INVOICE.status.unpaid) return [];
  const state = await documentState(INVOICE, stored.record);
  if (cancelConflict(INVOICE, state) !== null) return [];
  const plan = planCancel(INVOICE, state);
  // The reversal's accounting day: the cancel's day in the site's time zone.
  const date = todayIn((await getSettings()).systemTimeZone, now);
  const { propertyId } = stored.record;
  return [
    cancelHeaderPart({ type: 'invoice', id: invoiceId, version: stored.version }, plan.next.status, now),
    deletePayTokenPart(invoiceId),
    ...(await adjustmentParts(
      { documentType: 'invoice', documentId: invoiceId, documentKind: stored.record.description, propertyId },
      plan.posting,
      date,
      now,
    )),
    changePart(
      {
        recordType: 'invoice',
        recordId: invoiceId,
        action: plan.action,
        before: { status: state.status },
        after: { status: plan.next.status },
        ...(plan.event
          ? {
              event: plan.event,
              record: documentView(INVOICE, { ...stored.record, status: plan.next.status }, stored.lines),
              previousRecord: documentView(INVOICE, stored.record, stored.lines),
            }
          : {}),
      },
      by,
      now,
    ),
  ];
}

/** Whether a transaction failed because the invoice it cancelled changed since it was read (read again). */
export const invoiceNoLongerUnpaid = (error: unknown): boolean => documentChanged(error, 'invoice');
