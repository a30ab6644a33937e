/** The siteContact Lambda: contact form and newsletter signup. */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('siteContact', [
  bind(routes.sendMessage, async ({ body, ip, now }) => ({ body: await service.sendMessage(body, ip, now) })),
  bind(routes.subscribe, async ({ body, ip, now }) => ({ body: await service.subscribe(body, ip, now) })),
]);
