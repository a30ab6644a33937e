/** The channel Lambda: the channel manager's webhook, thin over the service. */
import { CHANNEL_ACTOR } from '../../shared/domain/channel/delivery.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import type { WebhookVerifier } from '../../shared/http/webhook-verifiers.js';
import * as routes from './routes.js';
import { ensureIntegrationOn, receiveDelivery } from './service.js';
import { verifyChannelSignature } from './signature.js';

/** The route's `channel` verifier: while the integration is off the endpoint is a 404, signed or not. */
const verifyDelivery: WebhookVerifier = async (rawBody, headers, now) => {
  await ensureIntegrationOn();
  await verifyChannelSignature(rawBody, headers, now);
};

export const handler = createHttpHandler(
  'channel',
  [
    bind(routes.channelWebhook, async ({ body, now, requestId }) => ({
      body: await receiveDelivery(body, { actor: CHANNEL_ACTOR, requestId }, now),
    })),
  ],
  { webhookVerifiers: { channel: verifyDelivery } },
);
