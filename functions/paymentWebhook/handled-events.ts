/**
 * The Stripe event types the webhook acts on, once: service.ts dispatches on exactly these (its handler table is
 * keyed by this list, so the compiler refuses a handler without its type here, and a type here without a
 * handler), and the Stripe endpoint is subscribed to exactly these (infra/deployed/stripe-webhook.ts, the
 * StripeWebhookUrl output, docs/cloud-stack.md). Any other type is answered 200 and ignored. Stripe's endpoint
 * API takes whole event names only (or `*`), so the dispute family is listed name by name. Kept free of the
 * SDK (a type import only): the registry re-exports it for the stack and the deploy scripts.
 */
import type Stripe from 'stripe';

export const HANDLED_STRIPE_EVENTS = [
  'payment_intent.processing',
  'payment_intent.succeeded',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'setup_intent.succeeded',
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

export type HandledStripeEvent = (typeof HANDLED_STRIPE_EVENTS)[number];

export const isHandledStripeEvent = (type: string): type is HandledStripeEvent =>
  (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type);
