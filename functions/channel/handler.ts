/** The channel Lambda: the channel manager's webhook, thin over the service. */
import { CHANNEL_ACTOR } from '../../shared/domain/channel/delivery.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import { receiveDelivery } from './service.js';

export const handler = createHttpHandler('channel', [
  bind(routes.channelWebhook, async ({ body, now, requestId }) => ({
    body: await receiveDelivery(body, { actor: CHANNEL_ACTOR, requestId }, now),
  })),
]);
