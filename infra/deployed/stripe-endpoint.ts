/**
 * The stage's Stripe webhook endpoint (Stripe's webhook endpoints API): at the stack's StripeWebhookUrl,
 * enabled, subscribed to exactly the events the webhook dispatches (HANDLED_STRIPE_EVENTS, one list), and its
 * signing secret in the stage's STRIPE_WEBHOOK_SECRET. Stripe returns a signing secret only when it creates an
 * endpoint, so an endpoint whose secret the stage does not hold is replaced by a new one.
 */
import Stripe from 'stripe';
import { HANDLED_STRIPE_EVENTS } from '../../functions/registry.js';

export type EnabledEvent = Stripe.WebhookEndpointCreateParams.EnabledEvent;

/** The endpoints at this URL (normally one). */
export async function endpointsAt(stripe: Stripe, url: string): Promise<Stripe.WebhookEndpoint[]> {
  const found: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 }))
    if (endpoint.url === url) found.push(endpoint);
  return found;
}

/** The handled events the endpoint misses, and the events it has that the webhook ignores. */
export function eventDrift(endpoint: Pick<Stripe.WebhookEndpoint, 'enabled_events'>): {
  missing: string[];
  extra: string[];
} {
  const has = new Set(endpoint.enabled_events);
  const wanted = new Set<string>(HANDLED_STRIPE_EVENTS);
  return {
    missing: HANDLED_STRIPE_EVENTS.filter((e) => !has.has(e)),
    extra: endpoint.enabled_events.filter((e) => !wanted.has(e)),
  };
}

export interface EndpointResult {
  readonly action: 'created' | 'updated' | 'unchanged' | 'replaced';
  readonly endpoint: Stripe.WebhookEndpoint;
  /** The new endpoint's signing secret (created or replaced), to store in STRIPE_WEBHOOK_SECRET. */
  readonly secret?: string;
  /** Other endpoints at the same URL, left alone: each signs with its own secret, only one can match. */
  readonly others: readonly Stripe.WebhookEndpoint[];
}

const create = (stripe: Stripe, url: string, stage: string) =>
  stripe.webhookEndpoints.create({
    url,
    enabled_events: [...HANDLED_STRIPE_EVENTS],
    // Events are rendered in the API version the SDK (and so the handlers' types) speaks.
    api_version: Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
    description: `rental-pm-${stage}: payments, refunds, disputes and autopay (npm run stripe:webhook)`,
    metadata: { stack: `RentalPm-${stage}` },
  });

/**
 * Creates the endpoint, or brings the one at the URL to exactly the handled events and enabled. With
 * `holdsSecret` false (the stage's STRIPE_WEBHOOK_SECRET is still a placeholder) an existing endpoint is
 * deleted and created again, as only a new endpoint tells its secret.
 */
export async function ensureEndpoint(
  stripe: Stripe,
  url: string,
  stage: string,
  holdsSecret: boolean,
): Promise<EndpointResult> {
  const existing = await endpointsAt(stripe, url);
  if (existing.length === 0) {
    const endpoint = await create(stripe, url, stage);
    return {
      action: 'created',
      endpoint,
      ...(endpoint.secret ? { secret: endpoint.secret } : {}),
      others: [],
    };
  }
  if (!holdsSecret) {
    for (const old of existing) await stripe.webhookEndpoints.del(old.id);
    const endpoint = await create(stripe, url, stage);
    return {
      action: 'replaced',
      endpoint,
      ...(endpoint.secret ? { secret: endpoint.secret } : {}),
      others: [],
    };
  }
  const [first, ...others] = existing as [Stripe.WebhookEndpoint, ...Stripe.WebhookEndpoint[]];
  const drift = eventDrift(first);
  if (drift.missing.length === 0 && drift.extra.length === 0 && first.status === 'enabled')
    return { action: 'unchanged', endpoint: first, others };
  const endpoint = await stripe.webhookEndpoints.update(first.id, {
    enabled_events: [...HANDLED_STRIPE_EVENTS],
    disabled: false,
  });
  return { action: 'updated', endpoint, others };
}
