/**
 * Stripe's side of the webhook (its webhook endpoints API, with the stage's own secret key): one endpoint at the
 * stack's StripeWebhookUrl, enabled, with exactly the events the webhook dispatches. Without
 * setup_intent.succeeded, for one, a tenant's autopay could never be turned on.
 */
import { HANDLED_STRIPE_EVENTS } from '../../../functions/registry.js';
import { OUTPUTS } from '../../cdk/stack-outputs.js';
import { endpointsAt, eventDrift } from '../stripe-endpoint.js';
import { type DoctorContext, isCreated } from './context.js';
import { type Finding, ready, todo } from './report.js';
import { readStageSecret, STRIPE_KEY } from './secrets.js';

const CHECK = 'stripe webhook';

export async function checkStripeWebhook(ctx: DoctorContext): Promise<Finding[]> {
  const fix = [`npm run stripe:webhook -- --stage ${ctx.stage}`];
  if (!isCreated(ctx.stack))
    return [todo(CHECK, 'after the deploy: npm run stripe:webhook subscribes the endpoint', fix)];
  const url = ctx.stack?.outputs[OUTPUTS.stripeWebhookUrl];
  if (!url)
    return [todo(CHECK, `the stack has no output ${OUTPUTS.stripeWebhookUrl}: deploy the current app`)];
  const key = await readStageSecret(ctx, 'STRIPE_SECRET_KEY');
  if (!key || !STRIPE_KEY.test(key))
    return [
      todo(
        CHECK,
        "cannot be checked before STRIPE_SECRET_KEY holds Stripe's key (above); then subscribe it",
        fix,
      ),
    ];
  let endpoints: Awaited<ReturnType<typeof endpointsAt>>;
  try {
    endpoints = await endpointsAt(ctx.stripe(key), url);
  } catch (error) {
    return [
      todo(
        CHECK,
        `Stripe refused to list the webhook endpoints with the stage's key: ${(error as Error).message}`,
      ),
    ];
  }
  const [endpoint, ...others] = endpoints;
  if (!endpoint)
    return [
      todo(
        CHECK,
        `Stripe has no endpoint at ${url}: no payment, refund, dispute or autopay reaches the books`,
        fix,
      ),
    ];
  const findings: Finding[] = [];
  const { missing, extra } = eventDrift(endpoint);
  if (endpoint.status !== 'enabled')
    findings.push(
      todo(CHECK, `the endpoint ${endpoint.id} is ${endpoint.status}: Stripe sends it nothing`, fix),
    );
  if (missing.length > 0 || extra.length > 0)
    findings.push(
      todo(
        CHECK,
        `the endpoint ${endpoint.id} is not subscribed to exactly the events the webhook handles: ${[
          missing.length > 0 ? `missing ${missing.join(', ')}` : '',
          extra.length > 0 ? `not handled ${extra.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ')}`,
        fix,
      ),
    );
  if (others.length > 0)
    findings.push(
      todo(
        CHECK,
        `${others.length + 1} endpoints at ${url} (${endpoints.map((e) => e.id).join(', ')}): each signs with its own secret and only one can match STRIPE_WEBHOOK_SECRET, so the others' deliveries are refused. Delete all but one in the Stripe Dashboard (Developers, Webhooks)`,
      ),
    );
  if (findings.length === 0)
    findings.push(
      ready(
        CHECK,
        `${endpoint.id} at ${url}, enabled, with the ${HANDLED_STRIPE_EVENTS.length} events the webhook handles (${endpoint.livemode ? 'live' : 'test'} mode)`,
      ),
    );
  return findings;
}
