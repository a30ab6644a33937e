/**
 * What `npm run stripe:webhook -- --stage <stage>` does: with the stage's Stripe key (its STRIPE_SECRET_KEY
 * secret), makes Stripe's endpoint at the stack's StripeWebhookUrl subscribe exactly the events the webhook
 * dispatches (stripe-endpoint.ts), and puts a new endpoint's signing secret in the stage's
 * STRIPE_WEBHOOK_SECRET, where the webhook reads it within 5 minutes. Running it again changes nothing more.
 */
import { PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type Stripe from 'stripe';
import { HANDLED_STRIPE_EVENTS } from '../../functions/registry.js';
import { OUTPUTS, secretArnOutput } from '../cdk/stack-outputs.js';
import type { AccountClients } from './aws-clients.js';
import { isCreated, stackNameOf } from './doctor/context.js';
import { readStageSecret, STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from './doctor/secrets.js';
import { describeStack } from './stage-stack.js';
import { ensureEndpoint } from './stripe-endpoint.js';

export interface WebhookSetupOptions {
  readonly stage: string;
  readonly region: string;
  readonly clients: AccountClients;
  readonly stripe: (key: string) => Stripe;
}

/** Sets the endpoint up and answers what it did, line by line; throws what stops it, with the way on. */
export async function setUpStripeWebhook(options: WebhookSetupOptions): Promise<string[]> {
  const { stage, region, clients } = options;
  const name = stackNameOf(stage);
  const stack = await describeStack(clients.cloudFormation, name);
  if (!stack || !isCreated(stack))
    throw new Error(
      `${name} is not deployed in ${region}${stack ? ` (${stack.status})` : ''}: deploy it first`,
    );
  const ctx = { stage, region, clients, stripe: options.stripe, stack };
  const url = stack.outputs[OUTPUTS.stripeWebhookUrl];
  const webhookSecretArn = stack.outputs[secretArnOutput('STRIPE_WEBHOOK_SECRET')];
  if (!url || !webhookSecretArn)
    throw new Error(
      `${name} has no output ${OUTPUTS.stripeWebhookUrl} or its webhook secret's ARN: deploy the current app`,
    );
  const key = await readStageSecret(ctx, 'STRIPE_SECRET_KEY');
  if (!key || !STRIPE_KEY.test(key))
    throw new Error(
      `The stage's STRIPE_SECRET_KEY does not hold a Stripe key yet: put it first: aws secretsmanager put-secret-value --region ${region} --secret-id ${stack.outputs[secretArnOutput('STRIPE_SECRET_KEY')]} --secret-string 'sk_live_…'`,
    );
  const stored = (await readStageSecret(ctx, 'STRIPE_WEBHOOK_SECRET')) ?? '';
  const result = await ensureEndpoint(options.stripe(key), url, stage, STRIPE_WEBHOOK_SECRET.test(stored));
  const lines = [
    `${result.action === 'unchanged' ? 'Already set up' : `Endpoint ${result.action}`}: ${result.endpoint.id} at ${url} (${result.endpoint.livemode ? 'live' : 'test'} mode), events ${HANDLED_STRIPE_EVENTS.join(', ')}`,
  ];
  if (result.secret) {
    await clients.secrets.send(
      new PutSecretValueCommand({ SecretId: webhookSecretArn, SecretString: result.secret }),
    );
    lines.push('Its signing secret is in STRIPE_WEBHOOK_SECRET: the webhook uses it within 5 minutes.');
  }
  if (result.others.length > 0)
    lines.push(
      `Also at this URL, left alone: ${result.others.map((e) => e.id).join(', ')}. Each signs with its own secret and only one can match STRIPE_WEBHOOK_SECRET: delete them in the Stripe Dashboard.`,
    );
  return lines;
}
