/**
 * How each kind is composed from its cause (docs/messages.md "Adding a kind"): a change's kinds from the
 * announced record (the change in hand, or read again by its id for a retry), the scheduled kinds from their
 * reservation or landlord and month. Typed per kind, so a kind added to MESSAGE_KINDS without a composer
 * fails the type check. Undefined: nothing to send (no address, the record is gone).
 */
import { getChange } from '../../shared/data/changes-repo.js';
import { getReservation } from '../../shared/data/reservations-repo.js';
import type { Change } from '../../shared/domain/change.js';
import type { MessageKind } from '../../shared/domain/messages/kinds.js';
import { changeIdOfCause } from '../../shared/domain/messages/record.js';
import { guestClaimOf, passwordChangedOf, passwordResetOf } from './compose-account.js';
import { applicationDecisionOf } from './compose-application.js';
import { autopayOnOf } from './compose-autopay.js';
import { bookingPaidOf } from './compose-booking-paid.js';
import { autopayFailedOf, invoiceMailOf, rentReminderOf } from './compose-invoice.js';
import { overpaymentRefundOf, receiptOf, statementMailOf } from './compose-money.js';
import {
  type AnnouncedStay,
  announcedStay,
  cancellationOf,
  confirmationOf,
  holdExpiredOf,
  preArrivalOf,
  stayOfRecord,
} from './compose-stay.js';
import type { Composed, MailContext } from './compose-types.js';

type AnnouncedChange = Change & { changeId: string };

/** What the caller has in hand already: the change it read from the stream. */
export interface Known {
  change?: AnnouncedChange;
}

type Composer = (cause: string, ctx: MailContext, known: Known) => Promise<Composed | undefined>;

/** A kind mailed about an announced record: the change's `data`, from the stream or read again by id. */
const fromChange =
  (
    compose: (data: Readonly<Record<string, unknown>>, ctx: MailContext) => Promise<Composed | undefined>,
  ): Composer =>
  async (cause, ctx, known) => {
    const changeId = changeIdOfCause(cause);
    if (changeId === undefined) return undefined;
    const change = known.change?.changeId === changeId ? known.change : await getChange(changeId);
    return change?.data ? compose(change.data, ctx) : undefined;
  };

const fromStay =
  (compose: (stay: AnnouncedStay, ctx: MailContext) => Promise<Composed | undefined>) =>
  (data: Readonly<Record<string, unknown>>, ctx: MailContext) =>
    compose(announcedStay(data), ctx);

/** `stay_<reservationId>_<dateFrom>` → the reservation, as it is now. */
const fromStayCause: Composer = async (cause, ctx) => {
  const match = /^stay_(\d+)_/.exec(cause);
  const stored = match ? await getReservation(Number(match[1])) : undefined;
  return stored ? preArrivalOf(stayOfRecord(stored.record), ctx) : undefined;
};

/** A kind mailed about a change that announces no event, from the change itself (its fields, its time). */
const fromChangeItself =
  (compose: (change: AnnouncedChange, ctx: MailContext) => Promise<Composed | undefined>): Composer =>
  async (cause, ctx, known) => {
    const changeId = changeIdOfCause(cause);
    if (changeId === undefined) return undefined;
    const change = known.change?.changeId === changeId ? known.change : await getChange(changeId);
    return change ? compose(change, ctx) : undefined;
  };

/** A kind mailed about the record of a change that announces no event (autopay on): its type and id. */
const fromChangedRecord = (
  compose: (recordId: string, ctx: MailContext) => Promise<Composed | undefined>,
): Composer => fromChangeItself((change, ctx) => compose(change.recordId, ctx));

/** `stmt_<landlord>_<YYYY-MM>` → that landlord's statement of that month. */
const fromStatementCause: Composer = async (cause, ctx) => {
  const match = /^stmt_(\d+)_(\d{4}-\d{2})$/.exec(cause);
  return match ? statementMailOf(Number(match[1]), String(match[2]), ctx) : undefined;
};

/** `due_<invoiceId>_<dueDate>` → that invoice's reminder, as it is now. */
const fromDueCause: Composer = async (cause, ctx) => {
  const match = /^due_(\d+)_/.exec(cause);
  return match ? rentReminderOf(Number(match[1]), ctx) : undefined;
};

export const COMPOSERS: Readonly<Record<MessageKind, Composer>> = {
  bookingConfirmation: fromChange(fromStay(confirmationOf)),
  bookingPaid: fromChange(bookingPaidOf),
  holdExpired: fromChange(fromStay(holdExpiredOf)),
  cancellation: fromChange(fromStay(cancellationOf)),
  paymentReceipt: fromChange(receiptOf),
  preArrival: fromStayCause,
  ownerStatement: fromStatementCause,
  applicationDecision: fromChange(applicationDecisionOf),
  invoiceIssued: fromChange(invoiceMailOf),
  lateFeePosted: fromChange(invoiceMailOf),
  rentReminder: fromDueCause,
  autopayFailed: fromChange((invoice, ctx) =>
    autopayFailedOf(invoice, ctx, typeof invoice.autopayError === 'string' ? invoice.autopayError : ''),
  ),
  autopayOn: fromChangedRecord(autopayOnOf),
  overpaymentRefund: fromChangeItself(overpaymentRefundOf),
  passwordReset: fromChangeItself(passwordResetOf),
  passwordChanged: fromChangeItself(passwordChangedOf),
  guestClaim: fromChangeItself(guestClaimOf),
};
