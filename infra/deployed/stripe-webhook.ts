/**
 * `npm run stripe:webhook -- --stage <stage>`: Stripe's webhook endpoint for a deployed stage, subscribed to
 * exactly the events the webhook handles, its signing secret stored in the stage (stripe-webhook-setup.ts).
 * Needs the stage's STRIPE_SECRET_KEY filled; the key's mode (live or test) decides which endpoints it sees.
 */
import { accountClients, stripeClient } from './aws-clients.js';
import { option } from './stage-env.js';
import { regionOf } from './stage-settings.js';
import { setUpStripeWebhook } from './stripe-webhook-setup.js';

async function main(argv: readonly string[]): Promise<void> {
  const stage = option(argv, 'stage');
  if (!stage || !/^[a-z][a-z0-9-]{0,19}$/.test(stage))
    throw new Error('usage: npm run stripe:webhook -- --stage STAGE');
  const region = regionOf(stage);
  const lines = await setUpStripeWebhook({
    stage,
    region,
    clients: accountClients({ region }),
    stripe: (key) => stripeClient(key, process.env.STRIPE_API_URL),
  });
  for (const line of lines) console.log(line);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Setting up the Stripe webhook failed: ${(error as Error).message}`);
  process.exit(1);
});
