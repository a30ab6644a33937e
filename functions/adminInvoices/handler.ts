/** The adminInvoices Lambda: thin handlers over the reads and the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as queries from './queries.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminInvoices', [
  bind(routes.listInvoices, async ({ admin, query }) => ({
    body: await queries.listInvoices(admin, query),
  })),
  bind(routes.getInvoice, async ({ admin, params }) => ({
    body: await queries.getInvoice(admin, params.id),
  })),
  bind(routes.createInvoice, async ({ admin, body, now, requestId }) => ({
    body: await service.createInvoice(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.updateInvoice, async ({ admin, params, body, now, requestId }) => ({
    body: await service.updateInvoice(params.id, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.cancelInvoice, async ({ admin, params, now, requestId }) => ({
    body: await service.cancelInvoice(params.id, adminActor(admin.adminId, requestId), now),
  })),
]);
