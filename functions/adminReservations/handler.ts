/** The adminReservations Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { idempotentRun } from '../../shared/http/idempotent-run.js';
import { bind } from '../../shared/http/route.js';
import * as queries from './queries.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler(
  'adminReservations',
  [
    bind(routes.listReservations, async ({ admin, query }) => ({
      body: await queries.listReservations(admin, query),
    })),
    bind(routes.getReservation, async ({ admin, params }) => ({
      body: await queries.getReservation(admin, params.id),
    })),
    bind(routes.createReservation, async ({ admin, body, now, requestId }) => ({
      body: await service.createReservation(body, adminActor(admin.adminId, requestId), now),
    })),
    bind(routes.updateReservation, async ({ admin, params, body, now, requestId }) => ({
      body: await service.updateReservation(params.id, body, adminActor(admin.adminId, requestId), now),
    })),
    bind(routes.cancelReservation, async ({ admin, params, now, requestId }) => ({
      body: await service.cancelReservation(params.id, adminActor(admin.adminId, requestId), now),
    })),
  ],
  { idempotency: idempotentRun },
);
