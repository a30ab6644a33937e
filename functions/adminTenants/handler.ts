/** The adminTenants Lambda: thin handlers over the service. */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminTenants', [
  bind(routes.listTenants, async ({ admin, query }) => ({ body: await service.listTenants(admin, query) })),
  bind(routes.getTenant, async ({ admin, params }) => ({ body: await service.getTenant(admin, params.id) })),
  bind(routes.createTenant, async ({ body, now }) => ({ body: await service.createTenant(body, now) })),
  bind(routes.updateTenant, async ({ params, body, now }) => ({
    body: { success: true, tenant: await service.updateTenant(params.id, body, now) },
  })),
  bind(routes.deactivateTenant, async ({ params, now }) => ({
    body: await service.deactivateTenant(params.id, now),
  })),
]);
