/**
 * The `stripe` webhook verifier (DESIGN.md "Stripe"; docs/payments.md): the Stripe SDK's own check,
 * offline (`webhooks.signature.verifyHeader`: a v1 HMAC-SHA256 of "<t>.<raw body>" with the endpoint's
 * `whsec_…` secret, every v1 compared in constant time, a timestamp older than the tolerance refused). The
 * paymentWebhook group gives it to createHttpHandler (handler.ts), so the SDK is in that bundle only.
 *
 * What stays ours is the answer: 503 without STRIPE_WEBHOOK_SECRET (Stripe retries for days, so nothing is
 * lost once it is set), 401 without the header, 400 for a header that is not `t=<digits>,v1=<64 hex>`
 * (the SDK has one error for every failure), 401 for anything the SDK refuses. Replays: a captured delivery is
 * refused once its timestamp is older than the tolerance, and within it the event id acts once (I7).
 */
import Stripe from 'stripe';
import { BadRequest, ServiceUnavailable } from '../../shared/errors.js';
import { BadSignature, type WebhookVerifier } from '../../shared/http/webhook-verifiers.js';
import { secret as readSecret } from '../../shared/secrets.js';

/** Stripe's default tolerance, seconds. */
export const TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/** The header's elements as the SDK splits them (no trimming): a timestamp, and at least one v1 signature. */
function wellFormed(header: string): boolean {
  const elements = header.split(',');
  return elements.some((e) => /^t=\d{1,12}$/.test(e)) && elements.some((e) => /^v1=[0-9a-f]{64}$/i.test(e));
}

export const verifyStripeSignature: WebhookVerifier = async (rawBody, headers, now) => {
  const secret = await readSecret('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw new ServiceUnavailable('The Stripe webhook secret is not configured');
  const header = headers['stripe-signature'];
  if (!header) throw new BadSignature('The Stripe-Signature header is required');
  if (!wellFormed(header)) throw new BadRequest('Stripe-Signature must be t=<timestamp>,v1=<64 hex digits>');
  const signature = Stripe.webhooks.signature;
  if (!signature) throw new Error('The Stripe SDK has no webhook signature helper');
  try {
    signature.verifyHeader(rawBody, header, secret, TOLERANCE_SECONDS, undefined, now.getTime());
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    // The SDK's message names the failing check; our detail says which, in our words, never what was expected.
    throw new BadSignature(
      /tolerance/i.test(error.message)
        ? `The Stripe-Signature timestamp is outside the ${TOLERANCE_SECONDS} s tolerance`
        : 'The Stripe-Signature does not match the body',
    );
  }
};
