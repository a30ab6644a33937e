/** The adminRates Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminRates', [
  bind(routes.getRates, async ({ admin, params, query, now }) => ({
    body: await service.getRates(admin, params.propertyId, query, now),
  })),
  bind(routes.setRates, async ({ admin, params, body, now, requestId }) => ({
    body: await service.setRates(admin, params.propertyId, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.clearRates, async ({ admin, params, query, now, requestId }) => ({
    body: await service.clearRates(
      admin,
      params.propertyId,
      query,
      adminActor(admin.adminId, requestId),
      now,
    ),
  })),
]);
