/**
 * The paymentWebhook Lambda: the Stripe webhook behind API Gateway (/API/payment-webhook.php) and, in the
 * cloud, on its Lambda Function URL (the address given to Stripe), whose payload 2.0 events are turned into
 * the REST shape first (function-url-event.ts). The signature is checked in the pipeline either way, by the
 * Stripe SDK (stripe-signature.ts, this group's `stripe` verifier).
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import { emitAnomalyMetric } from '../../shared/payments/anomaly-metric.js';
import { anomalyOf } from './anomalies.js';
import { isFunctionUrlEvent, restEventOf } from './function-url-event.js';
import * as routes from './routes.js';
import * as service from './service.js';
import { verifyStripeSignature } from './stripe-signature.js';

const http = createHttpHandler(
  'paymentWebhook',
  [
    bind(routes.paymentWebhook, async ({ body, requestId, now }) => {
      const answer = await service.handleStripeEvent(body, requestId, now);
      // Card money the books could not take: counted for the stack's alarm (docs/payments.md "Anomalies").
      const anomaly = anomalyOf(answer.outcome);
      if (anomaly) emitAnomalyMetric(anomaly, answer.eventId, now);
      return { body: answer };
    }),
  ],
  { webhookVerifiers: { stripe: verifyStripeSignature } },
);

export const handler = Object.assign(
  (event: APIGatewayProxyEvent | APIGatewayProxyEventV2, context: Context) =>
    http(isFunctionUrlEvent(event) ? restEventOf(event, routes.paymentWebhook.path) : event, context),
  { group: http.group, routeIds: http.routeIds },
);
