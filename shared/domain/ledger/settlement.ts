/**
 * A document's payment state after a money event (DESIGN.md "Invoice status after payment events",
 * "Payments recorded by hand"; docs/money.md "Settlement rules"). The figures kept on the header:
 * `paidCents` = settled payments less refunds (the spec's paidComputed), `refundedCents` = refunds so far,
 * `returnedCents` = the refunds made while the document was paid in full: money given back, which is not owed
 * again (docs/money.md "What is owed"; the amount due is amountDueCents of the figures).
 * The status codes are each kind's table (shared/domain/money-document/kind.ts).
 */
import { amountDueCents } from '../money-document/figures.js';
import { INVOICE_STATUS, isClosed, kindOf } from '../money-document/kind.js';
import type { DocumentType } from './journal.js';

export interface SettlementState {
  documentType: DocumentType;
  status: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  /** Refunds made while it was paid in full (absent: 0). */
  returnedCents?: number | undefined;
  /**
   * A card payment the processor reported processing has not settled yet (invoices; the workflow reads it
   * from the intent, shared/domain/payments/card-payment.ts): it blocks a cancel. Absent = none.
   */
  cardPaymentInFlight?: boolean | undefined;
}

/**
 * Who reports the money: `recorded` is an admin entering it (checked: refused when it cannot be right),
 * `processor` is the card processor telling us money moved (Stripe): on a cancelled or void invoice it
 * reinstates the invoice (never a paid invoice cancelled). Money the books cannot take — more than the
 * amount due, a refund of more than was paid — is refused for both; the webhook keeps a processor's as an
 * anomaly on the invoice instead (shared/domain/payments/anomaly.ts).
 */
export type PaymentSource = 'recorded' | 'processor';

export type SettlementRefusal =
  | 'zeroAmount'
  | 'notPayable'
  | 'draft'
  | 'overpayment'
  | 'overRefund'
  /** A card payment for a website booking that was cancelled (its hold ran out, or staff cancelled it). */
  | 'bookingCancelled';

export interface Settlement {
  kind: 'payment' | 'refund';
  status: number;
  paidCents: number;
  refundedCents: number;
  returnedCents: number;
  /** A cancelled or void invoice paid through the processor: posted again before the payment. */
  reinstated: boolean;
  /** Outbound events the change announces (payment.succeeded, invoice.paid, invoice.refunded). */
  events: string[];
}

export type SettlementResult =
  | { ok: true; next: Settlement }
  | { ok: false; refusal: SettlementRefusal; detail: string };

const isCancelled = (s: SettlementState) => isClosed(kindOf(s.documentType), s.status);

const refuse = (refusal: SettlementRefusal, detail: string): SettlementResult => ({
  ok: false,
  refusal,
  detail,
});

/** What the document owes with these figures (amountDueCents): 0 is settled. */
const owedWith = (s: SettlementState, paidCents: number, returnedCents: number) =>
  amountDueCents({ totalCents: s.totalCents, paidCents, returnedCents });

function statusAfterPayment(s: SettlementState, paid: number): number {
  const status = kindOf(s.documentType).status;
  if (paid > 0 && owedWith(s, paid, s.returnedCents ?? 0) === 0) return status.paid;
  // Partly paid stays unpaid; a card payment still processing elsewhere keeps its 3.
  if (s.status === status.processing) return s.status;
  return status.unpaid;
}

/**
 * A partial refund leaves the status as it was (a paid invoice partly refunded stays paid: the money returned is
 * not owed again). All of it refunded: refunded (expenses: unpaid) when that leaves nothing owed (the document was
 * paid in full), else as it was (a part payment given back: its charge is owed as before).
 */
function statusAfterRefund(s: SettlementState, paid: number, returned: number): number {
  if (paid > 0) return s.status;
  const status = kindOf(s.documentType).status;
  if (owedWith(s, paid, returned) > 0) return s.status;
  return status.refunded ?? status.unpaid;
}

/** Paid in full: its status says so and nothing is owed (a cancelled document owes nothing and is not paid). */
const isPaidInFull = (s: SettlementState) =>
  s.status === kindOf(s.documentType).status.paid && amountDueCents(s) === 0;

const eventsOf = (...events: (string | undefined)[]): string[] =>
  events.filter((e): e is string => e !== undefined);

function payment(s: SettlementState, amountCents: number): SettlementResult {
  const paid = s.paidCents + amountCents;
  // A cancelled invoice the processor pays is reinstated first: its whole total is due again.
  const due = amountDueCents(s);
  if (amountCents > due) return refuse('overpayment', `the payment is more than the ${due} cents due`);
  const status = statusAfterPayment(s, paid);
  const kind = kindOf(s.documentType);
  const events = eventsOf(
    kind.events.paymentSucceeded,
    status === kind.status.paid ? kind.events.paid : undefined,
  );
  // A processor payment on a cancelled invoice (settle() allowed it only then) reinstates it.
  const reinstated = isCancelled(s);
  return {
    ok: true,
    next: {
      kind: 'payment',
      status,
      paidCents: paid,
      refundedCents: s.refundedCents,
      returnedCents: s.returnedCents ?? 0,
      reinstated,
      events,
    },
  };
}

function refund(s: SettlementState, refundCents: number): SettlementResult {
  if (refundCents > s.paidCents)
    return refuse('overRefund', `the refund is more than the ${s.paidCents} cents paid`);
  const paid = s.paidCents - refundCents;
  // Money given back on a document paid in full is returned, not owed again (docs/money.md "What is owed"); a
  // refund of a part payment gives back money paid towards a charge still open, which is owed again.
  const returned = (s.returnedCents ?? 0) + (isPaidInFull(s) ? refundCents : 0);
  return {
    ok: true,
    next: {
      kind: 'refund',
      status: isCancelled(s) ? s.status : statusAfterRefund(s, paid, returned),
      paidCents: paid,
      refundedCents: s.refundedCents + refundCents,
      returnedCents: returned,
      reinstated: false,
      events: eventsOf(kindOf(s.documentType).events.refunded),
    },
  };
}

/** The state after a payment (amountCents > 0) or refund (< 0), or why it is refused. */
export function settle(
  s: SettlementState,
  amountCents: number,
  source: PaymentSource = 'recorded',
): SettlementResult {
  if (!Number.isSafeInteger(amountCents) || amountCents === 0)
    return refuse('zeroAmount', 'the amount must be a non-zero number of cents');
  // Money the processor moved is a fact: a payment reinstates a cancelled invoice, a refund is recorded.
  const fromProcessor = source === 'processor' && s.documentType === 'invoice';
  if (isCancelled(s) && !fromProcessor)
    return refuse('notPayable', `a cancelled ${s.documentType} takes no payment or refund`);
  if (s.status === kindOf(s.documentType).status.draft && !fromProcessor)
    return refuse('draft', `a draft ${s.documentType} takes no payment: issue it first (status 0)`);
  return amountCents > 0 ? payment(s, amountCents) : refund(s, -amountCents);
}

/**
 * The card payment is processing (payment_intent.processing): 3 for an unpaid invoice; anything else (paid,
 * refunded, cancelled, void, draft, already 3) is left as it is (null).
 */
export function processingStatus(s: Pick<SettlementState, 'status'>): number | null {
  return s.status === INVOICE_STATUS.unpaid ? INVOICE_STATUS.processing : null;
}

export type CancelRefusal = 'alreadyCancelled' | 'settledPayments' | 'processing';

/**
 * Whether the document may be cancelled (DELETE; the reservation cancel): not already cancelled (or void),
 * no settled payments (net paid above 0: the spec's 409), and not processing while a real card payment is in
 * flight (it may still land). A 3 an admin set by hand, with no card payment behind it, does not block.
 */
export function cancelRefusal(s: SettlementState): CancelRefusal | null {
  if (isCancelled(s)) return 'alreadyCancelled';
  if (s.paidCents > 0) return 'settledPayments';
  if (s.status === kindOf(s.documentType).status.processing && s.cardPaymentInFlight === true)
    return 'processing';
  return null;
}

/** The status a cancel sets: 5 for an invoice, 3 for an expense. */
export const cancelledStatus = (t: DocumentType): number => kindOf(t).status.cancelled;
