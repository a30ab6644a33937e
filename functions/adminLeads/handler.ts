/** The adminLeads Lambda: paged lists straight from the contact repository. */
import * as repo from '../../shared/data/contact-repo.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';

export const handler = createHttpHandler('adminLeads', [
  bind(routes.listMessages, async ({ query }) => ({
    body: await repo.listMessages(query.page, query.limit),
  })),
  bind(routes.listLeads, async ({ query }) => ({ body: await repo.listLeads(query.page, query.limit) })),
  bind(routes.listSubscribers, async ({ query }) => ({
    body: await repo.listSubscribers(query.page, query.limit),
  })),
]);
