/**
 * Rules of card payments (DESIGN.md "Stripe"; docs/payments.md): which invoice may take a card payment, the
 * amount the page sent, whether an intent may be answered again, and whether a card payment is in flight.
 */
import { amountDueCents } from '../money-document/figures.js';
import { INVOICE, INVOICE_STATUS, isClosed, isPayableStatus } from '../money-document/kind.js';
import type { PaymentAnomalyKind } from './anomaly.js';

/**
 * A PaymentIntent and the invoice it pays (stored by shared/data/payment-intents-repo.ts, I8), with what it has
 * done so far: `settledCents` (set once, by payment_intent.succeeded) and `refundedCents` (Stripe reports a
 * charge's refunds as a running total, so the refund to record is the difference to this figure).
 */
export interface PaymentIntentRecord {
  paymentIntentId: string;
  invoiceId: number;
  /** What the intent asks for, in cents of `currency` (lower-case ISO 4217, as Stripe writes it). */
  amountCents: number;
  currency: string;
  createdAt: string;
  /** Received when it succeeded; absent until then. */
  settledCents?: number;
  settledAt?: string;
  /** Refunded so far (Stripe's charge.amount_refunded), 0 until a refund. */
  refundedCents: number;
  /**
   * Its payment was kept as an anomaly (docs/payments.md "Anomalies"): received (`receivedCents`) but never
   * booked. `settledAt` is set then too: the intent acted once, and nothing of it is in flight any more.
   */
  anomaly?: PaymentAnomalyKind;
  receivedCents?: number;
  /**
   * Received beyond the amount due (docs/payments.md "A payment beyond the amount due"): `settledCents` is what
   * was due, this the rest, refunded at once. `refundedCents` counts it from the start (Stripe's refund total
   * includes it; the books never held it), and `excessRefundId` names the Stripe refund once it is made.
   */
  excessCents?: number;
  excessRefundId?: string;
}

/** An invoice's latest PaymentIntent (I10): the payment script answers it again while it is usable. */
export interface LatestIntent {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  createdAt: string;
}

/**
 * Whether the card payment of the intent the processor reported processing (the invoice's
 * `processingIntentId`) is still in flight: it has not settled. No such intent: nothing is in flight.
 */
export const isCardPaymentInFlight = (intent: Pick<PaymentIntentRecord, 'settledAt'> | undefined): boolean =>
  intent !== undefined && intent.settledAt === undefined;

export interface PayableInvoice {
  status: number;
  tenantId: number | null;
  totalCents: number;
  /** Settled payments less refunds. */
  paidCents: number;
  /** Money returned on it once paid in full (docs/money.md "What is owed"). */
  returnedCents?: number | undefined;
}

/**
 * Why the invoice cannot take a card payment now (the 400 "invalid invoice" detail), or null. Unpaid (0) and
 * processing (3: an earlier attempt is under way; the same intent comes back for the same amount) are
 * payable while something is due. A `tenantId` sent by the page must be the invoice's tenant.
 */
/** What a caller who may not pay an invoice is told, whatever the invoice's state: as if it did not exist. */
export const NO_SUCH_INVOICE = 'there is no such invoice';

export function payableRefusal(invoice: PayableInvoice | undefined, tenantId?: number): string | null {
  if (!invoice) return NO_SUCH_INVOICE;
  if (tenantId !== undefined && invoice.tenantId !== tenantId) return 'it is not this tenant’s invoice';
  const { status } = invoice;
  if (isClosed(INVOICE, status)) return 'it is cancelled';
  if (status === INVOICE_STATUS.paid || status === INVOICE_STATUS.refunded) return 'it is paid';
  if (status === INVOICE_STATUS.draft) return 'it is a draft, not issued yet';
  if (!isPayableStatus(status)) return 'its status does not take payments';
  if (amountDueCents(invoice) === 0) return 'nothing is due';
  return null;
}

/** Whether the invoice can take a payment now (the payment script's own rule). */
export const isPayable = (invoice: Omit<PayableInvoice, 'paidCents'> & { paidCents?: number | undefined }) =>
  payableRefusal({ ...invoice, paidCents: invoice.paidCents ?? 0 }) === null;

/**
 * The page's `amnt` in cents: "125.50", "125.5", "$1,234.00" or a number; NaN when it is not an amount (so it
 * never equals an amount due).
 */
export function centsOfAmount(amnt: string | number): number {
  const text = typeof amnt === 'number' ? String(amnt) : amnt.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const dollarsOf = (cents: number) => cents / 100;

/**
 * What to do with an invoice's latest PaymentIntent (I10) as Stripe has it now, to take a payment of the amount
 * due (DESIGN.md "Money inputs": one card payment per invoice at a time; docs/payments.md).
 */
export type IntentStep =
  /** Open for this amount and currency: the payment page answers it again, autopay confirms it. */
  | { kind: 'use' }
  /** A payment of it is under way (processing) or went through and is not booked yet: never a second one. */
  | { kind: 'underWay'; status: 'processing' | 'succeeded' }
  /** Open for another amount (a part payment since it was made): cancelled first, then a new one is made. */
  | { kind: 'cancelFirst' }
  /** None, canceled, or paid and booked already (the invoice has something due again): a new one is made. */
  | { kind: 'create' };

/** Stripe's statuses of an intent nobody has paid yet (it can still be confirmed, or cancelled). */
const OPEN_STATUSES: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** Whether nobody has paid the intent yet: it may still be confirmed (or cancelled). */
export const isOpenIntent = (status: string): boolean => OPEN_STATUSES.has(status);

/**
 * The step for the latest intent (undefined: none, or Stripe does not know it); `booked` says whether its
 * payment is in the books already (its I8 `settledAt`), which matters only once it succeeded. A status this
 * code does not know (`requires_capture`: we never capture by hand) counts as under way: a second intent
 * beside it could be a second charge.
 */
export function nextIntentStep(
  latest: { status: string; amountCents: number; currency: string } | undefined,
  booked: boolean,
  amountCents: number,
  currency: string,
): IntentStep {
  if (!latest || latest.status === 'canceled') return { kind: 'create' };
  if (latest.status === 'succeeded')
    return booked ? { kind: 'create' } : { kind: 'underWay', status: 'succeeded' };
  if (!isOpenIntent(latest.status)) return { kind: 'underWay', status: 'processing' };
  const same = latest.amountCents === amountCents && latest.currency.toLowerCase() === currency.toLowerCase();
  return same ? { kind: 'use' } : { kind: 'cancelFirst' };
}

/** Stripe lets these fields (receipt_email …) change only before the payment is under way. */
export const isUpdatableIntent = (status: string): boolean => status.startsWith('requires_');
