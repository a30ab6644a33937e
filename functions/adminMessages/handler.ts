/** The adminMessages group's HTTP Lambda: the message log. (Its jobs' handlers are named in jobs.ts.) */
import { listMessages } from '../../shared/data/mail-messages-repo.js';
import { messageView } from '../../shared/domain/messages/record.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';

export const handler = createHttpHandler('adminMessages', [
  bind(routes.listMessages, async ({ query }) => {
    const { page, limit, template, ...filter } = query;
    const listed = await listMessages({ ...filter, kind: template }, page, limit);
    return { body: { ...listed, items: listed.items.map(messageView) } };
  }),
]);
