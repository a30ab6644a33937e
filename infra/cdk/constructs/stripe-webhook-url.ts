/**
 * The Stripe webhook's own address (DESIGN.md "The cloud stack": "a Function URL for the Stripe webhook"):
 * a Lambda Function URL on the paymentWebhook group's function, auth NONE because Stripe cannot sign AWS
 * requests; the Stripe signature over the raw body is checked in code (the `stripe` verifier), before
 * anything is parsed. The same function stays behind API Gateway at /API/payment-webhook.php too. The URL
 * is not behind the API's WAF: an unsigned request costs one HMAC and a 400/401, nothing else, and the
 * function's reserved concurrency (below) keeps a flood of them from starving the API.
 */
import { CfnOutput, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** The group (functions/paymentWebhook) whose function gets the URL. */
export const STRIPE_WEBHOOK_GROUP = 'paymentWebhook';

/**
 * The webhook's reserved concurrency: its URL is outside WAF and the stage throttle, so a flood of (unsigned)
 * requests there could otherwise take the account's concurrency from the API. Also its cap: Stripe retries
 * what is throttled. Lambda keeps 100 of the account's concurrency unreserved, so the account needs a quota
 * of at least 100 + this (docs/cloud-stack.md: a new account may start at 10).
 */
export const STRIPE_WEBHOOK_CONCURRENCY = 10;

export interface StripeWebhookUrlProps {
  /** The group's `live` alias: the URL invokes what the API invokes. */
  readonly function: lambda.IFunction;
}

export class StripeWebhookUrl extends Construct {
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: StripeWebhookUrlProps) {
    super(scope, id);
    this.url = new lambda.FunctionUrl(this, 'Url', {
      function: props.function,
      authType: lambda.FunctionUrlAuthType.NONE,
      // Server to server: no browser calls it, so no CORS.
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'No Lambda function is created here (a Function URL of the group function, which carries its own).',
    });
    new CfnOutput(scope, 'StripeWebhookUrl', {
      value: this.url.url,
      description:
        'Give Stripe this URL (Dashboard → Developers → Webhooks, events payment_intent.processing, payment_intent.succeeded, charge.refunded, charge.dispute.*) and put its signing secret (whsec_…) in the StripeWebhookSecret secret',
    });
  }
}
