/** The adminPayments Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { idempotentRun } from '../../shared/http/idempotent-run.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler(
  'adminPayments',
  [
    bind(routes.recordInvoicePayment, async ({ admin, params, body, now, requestId }) => ({
      body: await service.recordPayment(
        'invoice',
        params.id,
        body,
        adminActor(admin.adminId, requestId),
        now,
      ),
    })),
    bind(routes.recordExpensePayment, async ({ admin, params, body, now, requestId }) => ({
      body: await service.recordPayment(
        'expense',
        params.id,
        body,
        adminActor(admin.adminId, requestId),
        now,
      ),
    })),
  ],
  { idempotency: idempotentRun },
);
