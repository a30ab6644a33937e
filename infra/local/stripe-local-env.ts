/**
 * Which Stripe the local runtime's handlers talk to (docs/payments.md "Locally and in tests"): the stand-in on
 * the runtime's own origin (stripe-stand-in.ts) with known keys, unless the developer configured a Stripe.
 */

/** The settings `npm start` gives the handlers when it serves the stand-in (known values, like the channel's). */
export const LOCAL_STRIPE = {
  secretKey: 'sk_test_local_stand_in',
  // What the local pay page confirms with, as Stripe.js does with a site's publishable key.
  publishableKey: 'pk_test_local_stand_in',
  webhookSecret: 'whsec_local_stand_in',
} as const;

const OURS = 'STRIPE_LOCAL_STAND_IN';

/**
 * The STRIPE_* variables for a runtime at `baseUrl`: the stand-in's on the runtime's own origin, unless the
 * developer configured Stripe (STRIPE_SECRET_KEY set, and not by an earlier runtime of this process).
 */
export function localStripeEnv(
  baseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  if (env.STRIPE_SECRET_KEY && env[OURS] !== '1') return {};
  return {
    [OURS]: '1',
    STRIPE_SECRET_KEY: LOCAL_STRIPE.secretKey,
    STRIPE_API_URL: new URL(baseUrl).origin,
    // A webhook secret set by hand is kept: the stand-in signs with whichever the webhook checks.
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE.webhookSecret,
  };
}

/** Whether this runtime's handlers use the stand-in (localStripeEnv set them). */
export const servesStripeStandIn = (env: NodeJS.ProcessEnv = process.env): boolean => env[OURS] === '1';
