/** The tenantPortal Lambda: the tenant session's lease, invoices, ledger, stays and autopay. */

import type { TenantSession } from '../../shared/auth/session-types.js';
import type { Actor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

/** The signed-in tenant as the author of a change (the audit log's actor). */
const tenantActor = (tenant: TenantSession, requestId: string): Actor => ({
  actor: `tenant:${tenant.tenantId}`,
  requestId,
});

export const handler = createHttpHandler('tenantPortal', [
  bind(routes.lease, async ({ tenant, now }) => ({ body: await service.lease(tenant, now) })),
  bind(routes.listInvoices, async ({ tenant, query }) => ({
    body: await service.listInvoices(tenant, query),
  })),
  bind(routes.getInvoice, async ({ tenant, params }) => ({ body: await service.invoice(tenant, params.id) })),
  bind(routes.ledger, async ({ tenant }) => ({ body: await service.ledger(tenant) })),
  bind(routes.reservations, async ({ tenant, query }) => ({
    body: await service.reservations(tenant, query),
  })),
  bind(routes.getAutopay, async ({ tenant, now }) => ({ body: await service.autopay(tenant, now) })),
  bind(routes.setupAutopay, async ({ tenant, requestId, now }) => ({
    body: await service.setupAutopay(tenant, tenantActor(tenant, requestId), now),
  })),
  bind(routes.stopAutopay, async ({ tenant, requestId, now }) => ({
    body: await service.stopAutopay(tenant, tenantActor(tenant, requestId), now),
  })),
]);
