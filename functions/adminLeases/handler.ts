/** The adminLeases Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import { rentRunView, runRentFor } from './rent-run.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminLeases', [
  bind(routes.listLeases, async ({ admin, query, now }) => ({
    body: await service.listLeases(admin, query, now),
  })),
  bind(routes.createLease, async ({ admin, body, now, requestId }) => ({
    body: await service.createLease(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.getLease, async ({ admin, params, now }) => ({
    body: await service.getLease(admin, params.id, now),
  })),
  bind(routes.updateLease, async ({ admin, params, body, now, requestId }) => ({
    body: await service.updateLease(params.id, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.endLease, async ({ admin, params, query, body, now, requestId }) => ({
    body: await service.endLease(
      params.id,
      query.endDate,
      body.endDate,
      adminActor(admin.adminId, requestId),
      now,
    ),
  })),
  bind(routes.leaseLedgerRoute, async ({ admin, params }) => ({
    body: await service.leaseLedger(admin, params.id),
  })),
  bind(routes.rentRun, async ({ admin, body, now, requestId }) => ({
    body: rentRunView(await runRentFor(body.date, adminActor(admin.adminId, requestId), now)),
  })),
]);
