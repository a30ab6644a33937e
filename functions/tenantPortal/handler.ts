/** The tenantPortal Lambda: the tenant session's lease, invoices, ledger, stays and autopay. */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

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
  bind(routes.getAutopay, async ({ tenant }) => ({ body: await service.autopay(tenant) })),
  bind(routes.setupAutopay, async ({ tenant, now }) => ({ body: await service.setupAutopay(tenant, now) })),
  bind(routes.stopAutopay, async ({ tenant, now }) => ({ body: await service.stopAutopay(tenant, now) })),
]);
