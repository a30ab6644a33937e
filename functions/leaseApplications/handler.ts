/** The leaseApplications Lambda: tenant apply, and the admin list, single and decision of applications. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('leaseApplications', [
  bind(routes.apply, async ({ tenant, body, now, requestId }) => ({
    body: await service.apply(tenant, body.propertyId, now, requestId),
  })),
  bind(routes.listApplications, async ({ admin, query }) => ({
    body: await service.listApplications(admin, query),
  })),
  bind(routes.getApplication, async ({ admin, params }) => ({
    body: await service.getApplication(admin, params.id),
  })),
  bind(routes.decideApplication, async ({ admin, params, body, now, requestId }) => ({
    body: await service.decide(params.id, body, adminActor(admin.adminId, requestId), now),
  })),
]);
