/** The adminHousekeeping Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminHousekeeping', [
  bind(routes.listRequests, async ({ admin, query }) => ({ body: await service.listRequests(query, admin) })),
  bind(routes.getRequest, async ({ admin, params }) => ({
    body: await service.getRequest(params.id, admin),
  })),
  bind(routes.createRequest, async ({ admin, body, now, requestId }) => ({
    body: await service.createRequest(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.updateRequest, async ({ admin, params, body, now, requestId }) => ({
    body: await service.updateRequest(params.id, body, admin, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.archiveRequest, async ({ admin, params, now, requestId }) => ({
    body: await service.archiveRequest(params.id, admin, adminActor(admin.adminId, requestId), now),
  })),
]);
