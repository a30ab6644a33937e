/** The adminExpenses Lambda: thin handlers over the reads and the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as queries from './queries.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminExpenses', [
  bind(routes.listExpenses, async ({ admin, query }) => ({
    body: await queries.listExpenses(admin, query),
  })),
  bind(routes.getExpense, async ({ admin, params }) => ({
    body: await queries.getExpense(admin, params.id),
  })),
  bind(routes.createExpense, async ({ admin, body, now, requestId }) => ({
    body: await service.createExpense(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.updateExpense, async ({ admin, params, body, now, requestId }) => ({
    body: await service.updateExpense(params.id, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.cancelExpense, async ({ admin, params, now, requestId }) => ({
    body: await service.cancelExpense(params.id, adminActor(admin.adminId, requestId), now),
  })),
]);
