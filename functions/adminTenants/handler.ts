/** The adminTenants Lambda: thin handlers over the service. */

import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminTenants', [
  bind(routes.listTenants, async ({ admin, query }) => ({ body: await service.listTenants(admin, query) })),
  bind(routes.getTenant, async ({ admin, params }) => ({ body: await service.getTenant(admin, params.id) })),
  bind(routes.createTenant, async ({ admin, body, now, requestId }) => ({
    body: await service.createTenant(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.updateTenant, async ({ admin, params, body, now, requestId }) => ({
    body: {
      success: true,
      tenant: await service.updateTenant(params.id, body, adminActor(admin.adminId, requestId), now),
    },
  })),
  bind(routes.deactivateTenant, async ({ admin, params, now, requestId }) => ({
    body: await service.deactivateTenant(params.id, adminActor(admin.adminId, requestId), now),
  })),
]);
