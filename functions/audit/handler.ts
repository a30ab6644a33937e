/** The audit group's HTTP Lambda: the admin read of the audit log. (Its job's handler is consumer.ts.) */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('audit', [
  bind(routes.listEntries, async ({ query }) => {
    const { page, limit, ...filter } = query;
    return { body: await service.listEntries(filter, page, limit) };
  }),
]);
