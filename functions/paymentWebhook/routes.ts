/**
 * The Stripe webhook (spec "Integration scripts" payment-webhook.php; DESIGN.md "Stripe"; docs/payments.md).
 * Its own group, so its own Lambda: in the cloud it is also reachable on a Lambda Function URL (the address
 * given to Stripe), and the signature is checked in code either way.
 */
import * as v from 'valibot';
import { defineRoute } from '../../shared/http/route.js';

/**
 * The event envelope as Stripe sends it; the signature is checked first (the `stripe` verifier). Loose: Stripe
 * adds fields with every API version, and an unknown field must never refuse a signed event.
 */
export const stripeEventBody = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^[\w-]{1,255}$/, 'must be a Stripe event id')),
  type: v.pipe(v.string(), v.maxLength(255)),
  data: v.looseObject({ object: v.looseObject({}) }),
});

export const paymentWebhook = defineRoute({
  id: 'payment.webhook',
  group: 'paymentWebhook',
  tags: ['Card payments'],
  method: 'POST',
  path: '/API/payment-webhook.php',
  summary:
    'Stripe events: processing, succeeded, refunded, disputes, autopay setups (signed, each event id once)',
  description:
    'Signed with `Stripe-Signature` over the raw body (STRIPE_WEBHOOK_SECRET, 300 s tolerance). payment_intent.processing → invoice 3; payment_intent.succeeded → a settled card payment (1 when fully paid); charge.refunded → a refund (2 when fully refunded); charge.dispute.* → recorded on the invoice and announced; setup_intent.succeeded → the tenant’s autopay method saved (brand and last 4 read from Stripe; a SetupIntent of another Customer, or begun before the tenant turned autopay off, changes nothing). Money the books cannot take (a refund beyond what was paid, a payment for a cancelled booking …) changes no money: it is kept on the invoice as an anomaly, announced as payment.anomaly, outcome `anomaly:<kind>`. Each event id acts once; other event types and events of unknown invoices are answered 200 and change nothing. In the cloud the same Lambda also answers on its Function URL.',
  auth: { kind: 'webhook', verifier: 'stripe' },
  body: stripeEventBody,
  response: v.object({ received: v.boolean(), eventId: v.string(), outcome: v.string() }),
  errors: {
    400: 'no well-formed Stripe-Signature, or not a Stripe event',
    401: 'the signature does not match, or its timestamp is outside the tolerance',
    409: 'the refunded payment is not recorded yet, or the invoice kept changing: Stripe retries',
    503: 'STRIPE_WEBHOOK_SECRET is not configured: Stripe retries',
  },
});

export const routes = [paymentWebhook];
