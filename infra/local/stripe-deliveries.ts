/** Sends the stand-in's webhook events (stripe-stand-in.ts) as Stripe does: signed JSON POSTs to the endpoint. */
import { StripeIntents } from './stripe-intents.js';

/** Where the stand-in sends its webhook events, the secret it signs them with, and the types it is sent. */
export interface StandInWebhook {
  url: string;
  secret: string;
  /**
   * The endpoint's `enabled_events` (https://docs.stripe.com/api/webhook_endpoints/create): Stripe sends it
   * only these types. Unset: every type (`*`).
   */
  events?: readonly string[];
}

/** Whether the endpoint subscribed to the event type. */
export const subscribed = (webhook: StandInWebhook, type: string): boolean =>
  webhook.events === undefined || webhook.events.includes('*') || webhook.events.includes(type);

/** A webhook event the stand-in sent, and what the receiver answered (0: not reachable). */
export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  answer: string;
}

/** Sends one event, signed with the Stripe SDK's test helper (as Stripe signs); what the receiver answered. */
export async function deliver(
  webhook: StandInWebhook,
  event: { id: string; type: string },
): Promise<Delivery> {
  const body = JSON.stringify(event);
  const delivery: Delivery = { eventId: event.id, type: event.type, status: 0, answer: '' };
  try {
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': StripeIntents.signature(body, webhook.secret),
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    Object.assign(delivery, { status: res.status, answer: await res.text() });
  } catch (error) {
    delivery.answer = (error as Error).message;
  }
  return delivery;
}
