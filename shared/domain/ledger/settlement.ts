/**
 * A document's payment state after a money event (DESIGN.md "Invoice status after payment events",
 * "Payments recorded by hand"; docs/money.md "Settlement rules"). The figures kept on the header:
 * `paidCents` = settled payments less refunds (the spec's paidComputed), `refundedCents` = refunds so far.
 */
import type { DocumentType } from './journal.js';

/** Spec "Status codes": invoices. */
export const INVOICE_STATUS = {
  unpaid: 0,
  paid: 1,
  refunded: 2,
  processing: 3,
  cancelled: 5,
  void: 7,
  draft: 9,
} as const;

/** Spec "Status codes": expenses. */
export const EXPENSE_STATUS = { unpaid: 0, paid: 1, cancelled: 3, draft: 9 } as const;

export interface SettlementState {
  documentType: DocumentType;
  status: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
}

/**
 * Who reports the money: `recorded` is an admin entering it (checked: refused when it cannot be right),
 * `processor` is the card processor telling us money moved (Stripe): a fact, recorded even when it
 * overpays, and on a cancelled or void invoice it reinstates the invoice (never a paid invoice cancelled).
 */
export type PaymentSource = 'recorded' | 'processor';

export type SettlementRefusal = 'zeroAmount' | 'notPayable' | 'draft' | 'overpayment' | 'overRefund';

export interface Settlement {
  kind: 'payment' | 'refund';
  status: number;
  paidCents: number;
  refundedCents: number;
  /** A cancelled or void invoice paid through the processor: posted again before the payment. */
  reinstated: boolean;
  /** Outbound events the change announces (payment.succeeded, invoice.paid, invoice.refunded). */
  events: string[];
}

export type SettlementResult =
  | { ok: true; next: Settlement }
  | { ok: false; refusal: SettlementRefusal; detail: string };

const isCancelled = (s: SettlementState) =>
  s.documentType === 'invoice'
    ? s.status === INVOICE_STATUS.cancelled || s.status === INVOICE_STATUS.void
    : s.status === EXPENSE_STATUS.cancelled;

/** What is still owed: total less the net paid, never below 0. */
export const amountDueCents = (s: Pick<SettlementState, 'totalCents' | 'paidCents'>) =>
  Math.max(0, s.totalCents - s.paidCents);

const refuse = (refusal: SettlementRefusal, detail: string): SettlementResult => ({
  ok: false,
  refusal,
  detail,
});

function statusAfterPayment(s: SettlementState, paid: number): number {
  if (paid >= s.totalCents && paid > 0) return INVOICE_STATUS.paid; // 1 for both kinds
  // Partly paid stays unpaid; a card payment still processing elsewhere keeps its 3.
  if (s.documentType === 'invoice' && s.status === INVOICE_STATUS.processing) return s.status;
  return INVOICE_STATUS.unpaid;
}

function statusAfterRefund(s: SettlementState, paid: number): number {
  if (paid > 0) return s.status; // a partial refund leaves the status as it was
  return s.documentType === 'invoice' ? INVOICE_STATUS.refunded : EXPENSE_STATUS.unpaid;
}

function payment(s: SettlementState, amountCents: number, source: PaymentSource): SettlementResult {
  const paid = s.paidCents + amountCents;
  if (source === 'recorded' && paid > s.totalCents)
    return refuse('overpayment', `the payment is more than the ${amountDueCents(s)} cents due`);
  const status = statusAfterPayment(s, paid);
  const events =
    s.documentType === 'invoice'
      ? ['payment.succeeded', ...(status === INVOICE_STATUS.paid ? ['invoice.paid'] : [])]
      : [];
  // A processor payment on a cancelled invoice (settle() allowed it only then) reinstates it.
  const reinstated = isCancelled(s);
  return {
    ok: true,
    next: { kind: 'payment', status, paidCents: paid, refundedCents: s.refundedCents, reinstated, events },
  };
}

function refund(s: SettlementState, refundCents: number, source: PaymentSource): SettlementResult {
  if (source === 'recorded' && refundCents > s.paidCents)
    return refuse('overRefund', `the refund is more than the ${s.paidCents} cents paid`);
  const paid = s.paidCents - refundCents;
  return {
    ok: true,
    next: {
      kind: 'refund',
      status: isCancelled(s) ? s.status : statusAfterRefund(s, paid),
      paidCents: paid,
      refundedCents: s.refundedCents + refundCents,
      reinstated: false,
      events: s.documentType === 'invoice' ? ['invoice.refunded'] : [],
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
  if (s.status === INVOICE_STATUS.draft && !fromProcessor)
    return refuse('draft', `a draft ${s.documentType} takes no payment: issue it first (status 0)`);
  return amountCents > 0
    ? payment(s, amountCents, fromProcessor ? 'processor' : 'recorded')
    : refund(s, -amountCents, fromProcessor ? 'processor' : 'recorded');
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
 * no settled payments (net paid above 0: the spec's 409), and an invoice not in card processing (the payment
 * may still land).
 */
export function cancelRefusal(s: SettlementState): CancelRefusal | null {
  if (isCancelled(s)) return 'alreadyCancelled';
  if (s.paidCents > 0) return 'settledPayments';
  if (s.documentType === 'invoice' && s.status === INVOICE_STATUS.processing) return 'processing';
  return null;
}

/** The status a cancel sets: 5 for an invoice, 3 for an expense. */
export const cancelledStatus = (t: DocumentType): number =>
  t === 'invoice' ? INVOICE_STATUS.cancelled : EXPENSE_STATUS.cancelled;
