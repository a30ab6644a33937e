/**
 * The refund of a card payment's excess (docs/payments.md "A payment beyond the amount due"): the webhook settled
 * what was due and recorded the rest on the intent's I8 (`excessCents`); this gives it back at Stripe
 * (`POST /v1/refunds`, https://docs.stripe.com/api/refunds/create: `payment_intent` and `amount`) and records that
 * it did, with the change `overpaymentRefunded` that mails the payer (shared/domain/messages/triggers.ts) and
 * leaves the audit entry. Run by the `overpaymentRefund` job after the webhook's transaction committed, at least
 * once: the Idempotency-Key `overpayment-<intent id>` (every parameter ours) makes a retry within Stripe's 24 hours
 * the same refund, and the mark on I8 (put once, with the change) makes a later run do nothing. Stripe refusing
 * or unreachable throws (the job retries, then keeps the record with an alarm, docs/jobs.md).
 */
import { changePart } from '../data/changes-repo.js';
import { excessRefundedMeanwhile, excessRefundedPart, getIntent } from '../data/payment-intents-repo.js';
import { commit } from '../db/transaction.js';
import type { Actor } from '../domain/change.js';
import { refundPayment } from './stripe-api.js';

export type ExcessRefund = 'refunded' | 'refundedBefore' | 'nothingToRefund';

export async function refundExcess(paymentIntentId: string, by: Actor, now: Date): Promise<ExcessRefund> {
  const intent = await getIntent(paymentIntentId);
  const excessCents = intent?.excessCents ?? 0;
  if (!intent || excessCents <= 0) return 'nothingToRefund';
  if (intent.excessRefundId) return 'refundedBefore';
  const refund = await refundPayment({
    invoiceId: intent.invoiceId,
    paymentIntentId,
    amountCents: excessCents,
    metadata: { invoiceId: String(intent.invoiceId), reason: 'paid beyond the amount due' },
    idempotencyKey: `overpayment-${paymentIntentId}`,
  });
  try {
    await commit([
      excessRefundedPart(paymentIntentId, refund.id, now),
      changePart(
        {
          recordType: 'invoice',
          recordId: intent.invoiceId,
          action: 'overpaymentRefunded',
          after: {
            paymentIntentId,
            refundId: refund.id,
            receivedCents: (intent.settledCents ?? 0) + excessCents,
            settledCents: intent.settledCents ?? 0,
            refundedCents: refund.amountCents,
            currency: intent.currency,
          },
        },
        by,
        now,
      ),
    ]);
  } catch (error) {
    // Another run (a redelivered record) refunded it with the same key and marked it first.
    if (excessRefundedMeanwhile(error)) return 'refundedBefore';
    throw error;
  }
  return 'refunded';
}
