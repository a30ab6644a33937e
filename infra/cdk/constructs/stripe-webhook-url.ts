/**
 * The Stripe webhook's own address (DESIGN.md "The cloud stack": "a Function URL for the Stripe webhook"):
 * a Lambda Function URL on the paymentWebhook group's function, auth NONE because Stripe cannot sign AWS
 * requests; the Stripe signature over the raw body is checked in code (the `stripe` verifier), before
 * anything is parsed. The same function stays behind API Gateway at /API/payment-webhook.php too. The URL
 * is not behind the API's WAF: an unsigned request costs one HMAC and a 400/401, nothing else. Context
 * webhookReservedConcurrency gives the function reserved concurrency, which caps a flood there so it cannot
 * starve the API, once the account's Lambda quota can hold it (config.ts checkReservation).
 */
import { CfnOutput, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { HANDLED_STRIPE_EVENTS } from '../../../functions/registry.js';

/** The group (functions/paymentWebhook) whose function gets the URL. */
export const STRIPE_WEBHOOK_GROUP = 'paymentWebhook';

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
      description: `Stripe's webhook endpoint: npm run stripe:webhook -- --stage <stage> subscribes it (events ${HANDLED_STRIPE_EVENTS.join(', ')}) and stores its signing secret in the STRIPE_WEBHOOK_SECRET secret`,
    });
  }
}
