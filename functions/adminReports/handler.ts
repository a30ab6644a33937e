/** The adminReports Lambda: thin handlers over the service. */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminReports', [
  bind(routes.income, async ({ query }) => ({ body: await service.income(query) })),
  bind(routes.occupancy, async ({ query }) => ({ body: await service.occupancy(query) })),
  bind(routes.ownerStatement, async ({ query, admin, now }) => ({
    body: await service.ownerStatement(query, admin, now),
  })),
  bind(routes.ownerStatementPdf, async ({ query, admin, now }) => {
    const { bytes, fileName } = await service.ownerStatementPdf(query, admin, now);
    return { bytes, headers: { 'Content-Disposition': `inline; filename="${fileName}"` } };
  }),
]);
