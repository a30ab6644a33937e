/**
 * Refunds as the stand-in (stripe-stand-in.ts) makes them (https://docs.stripe.com/api/refunds/create): of a
 * succeeded PaymentIntent's charge, an `amount` up to what is not refunded yet (default: all of it), a
 * `reason` of Stripe's three; more than is left is refused as Stripe refuses it.
 */
import type Stripe from 'stripe';
import { refundObject } from './stripe-charge-objects.js';
import { type Answer, invalidAmount, isAmount, stripeError } from './stripe-intent-rules.js';

/** `reason`s a caller may give a refund (https://docs.stripe.com/api/refunds/create#create_refund-reason). */
const REFUND_REASONS: ReadonlySet<string> = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/** The refund of `intent` asked by `params` (`refund`), or Stripe's refusal; `already`: refunded before. */
export function refundOf(
  intent: Stripe.PaymentIntent,
  already: number,
  params: Record<string, unknown>,
): Answer & { refund?: Stripe.Refund } {
  if (intent.status !== 'succeeded')
    return stripeError(
      400,
      'invalid_request_error',
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'charge_not_refundable',
      'payment_intent',
    );
  const left = intent.amount_received - already;
  if (left <= 0)
    return stripeError(
      400,
      'invalid_request_error',
      `Charge ch_${intent.id.slice(3)} has already been refunded.`,
      'charge_already_refunded',
    );
  const amount = params.amount === undefined ? left : Number(params.amount);
  if (!isAmount(amount)) return invalidAmount();
  if (amount > left)
    return stripeError(
      400,
      'invalid_request_error',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      'amount_too_large',
      'amount',
    );
  const reason = params.reason;
  if (reason !== undefined && !REFUND_REASONS.has(String(reason)))
    return stripeError(
      400,
      'invalid_request_error',
      `Invalid reason: must be one of ${[...REFUND_REASONS].join(', ')}`,
      'parameter_invalid_string',
      'reason',
    );
  const refund = refundObject(
    intent,
    amount,
    (reason as Stripe.Refund.Reason | undefined) ?? null,
    (params.metadata as Record<string, string> | undefined) ?? {},
  );
  return { status: 200, answer: refund, refund };
}
