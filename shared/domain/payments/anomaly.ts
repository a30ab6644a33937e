/**
 * Card money the books cannot take (DESIGN.md "Stripe"; docs/payments.md "Anomalies"): a Stripe event that
 * would take an invoice below 0 paid, above what Stripe says was charged, or that the ledger refuses for a
 * processor payment (a booking cancelled before its payment arrived …). It changes no money: it is kept on
 * the invoice (`anomalies`), announced as `payment.anomaly` and alarmed, for a person to settle (usually a
 * refund in Stripe, or a payment recorded by hand).
 */
import type { SettlementRefusal } from '../ledger/settlement.js';

export type PaymentAnomalyKind =
  /** The ledger refused the processor's payment or refund (overpayment, overRefund, bookingCancelled …). */
  | SettlementRefusal
  /** The intent is in another currency than the site's (`paymentCurrency`): its cents are not ours. */
  | 'currencyMismatch'
  /** `amount_received` is more than the intent's own `amount`: Stripe cannot have charged it. */
  | 'receivedMoreThanIntent'
  /** `amount_refunded` is more than the charge paid (what its intent settled, or the charge captured). */
  | 'refundBeyondCharge'
  /** A refund of a payment that was itself kept as an anomaly: the books never held that money. */
  | 'refundOfAnomaly';

/** One anomaly as kept on the invoice header (amounts in the intent's currency's minor units). */
export interface PaymentAnomaly {
  kind: PaymentAnomalyKind;
  /** The Stripe event that reported it (`evt_…`). */
  eventId: string;
  eventType: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  /** What the event would have moved: the payment received, or the refund new since the last one. */
  amountCents: number;
  currency: string;
  detail: string;
  at: string;
}

/** What a `payment_intent.succeeded` event says, as far as these rules read it. */
export interface ReceivedPayment {
  currency: string;
  /** The intent's own amount, when the event carries it. */
  amountCents: number | undefined;
  receivedCents: number;
}

/** Why a received card payment cannot be booked before the ledger is asked, or null. */
export function receivedAnomaly(
  p: ReceivedPayment,
  siteCurrency: string,
): { kind: PaymentAnomalyKind; detail: string } | null {
  if (p.currency.toLowerCase() !== siteCurrency.toLowerCase())
    return {
      kind: 'currencyMismatch',
      detail: `the payment is in ${p.currency.toUpperCase()}, the site takes ${siteCurrency.toUpperCase()}`,
    };
  if (p.amountCents !== undefined && p.receivedCents > p.amountCents)
    return {
      kind: 'receivedMoreThanIntent',
      detail: `${p.receivedCents} cents received on an intent of ${p.amountCents} cents`,
    };
  return null;
}

/** What a `charge.refunded` event says of its charge, and what the books hold of the charge's intent. */
export interface ChargeRefund {
  /** Stripe's running total of the charge's refunds. */
  amountRefundedCents: number;
  /** What the charge captured, when the event carries it. */
  amountCapturedCents: number | undefined;
  /**
   * What the books account for of the charge's intent: its settled payment, plus what was received beyond the
   * amount due and refunded at once; 0 when kept as an anomaly.
   */
  settledCents: number;
  /** The intent's payment was itself kept as an anomaly. */
  paymentWasAnomaly: boolean;
}

/** Why a card refund cannot be booked before the ledger is asked, or null. */
export function refundAnomaly(r: ChargeRefund): { kind: PaymentAnomalyKind; detail: string } | null {
  if (r.paymentWasAnomaly)
    return {
      kind: 'refundOfAnomaly',
      detail:
        'a refund of a payment that was kept as an anomaly (never booked): nothing to refund in the books',
    };
  const paid = Math.min(r.settledCents, r.amountCapturedCents ?? Number.POSITIVE_INFINITY);
  if (r.amountRefundedCents > paid)
    return {
      kind: 'refundBeyondCharge',
      detail: `${r.amountRefundedCents} cents refunded in all on a charge that paid ${paid} cents`,
    };
  return null;
}

/**
 * Whether Stripe's running refund total of the charge moves with this anomaly: yes when the refund can be real
 * (it fits the charge), so the next refund event counts only what is new; no when the figure cannot be right
 * about the charge (refundBeyondCharge).
 */
export const refundTotalFollows = (kind: PaymentAnomalyKind): boolean => kind !== 'refundBeyondCharge';
