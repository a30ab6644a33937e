/** The adminWebhooks Lambda: thin handlers over the services. */

import { now } from '../../shared/clock.js';
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as deliveries from './deliveries-service.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminWebhooks', [
  bind(routes.listSubscriptions, async () => ({ body: await service.listSubscriptions() })),
  bind(routes.createSubscription, async ({ admin, body, now, requestId }) => ({
    body: await service.createSubscription(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.getSubscription, async ({ params }) => ({ body: await service.getSubscription(params.id) })),
  bind(routes.updateSubscription, async ({ admin, params, body, now, requestId }) => ({
    body: await service.updateSubscription(params.id, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.deleteSubscription, async ({ admin, params, now, requestId }) => ({
    body: await service.deleteSubscription(params.id, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.listDeliveries, async ({ query }) => ({ body: await deliveries.listDeliveries(query) })),
  // A replay sends over the network: its attempt takes the clock when it sends, not the request's arrival.
  bind(routes.replayDelivery, async ({ admin, params, requestId }) => ({
    body: await deliveries.replay(params.id, adminActor(admin.adminId, requestId), now),
  })),
]);
