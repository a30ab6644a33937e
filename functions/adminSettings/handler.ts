/** The adminSettings Lambda. */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminSettings', [
  bind(routes.getSettings, async () => ({ body: await service.getSettings() })),
  bind(routes.updateSettings, async ({ body }) => ({ body: await service.updateSettings(body) })),
]);
