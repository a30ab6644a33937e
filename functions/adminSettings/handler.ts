/** The adminSettings Lambda. */

import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminSettings', [
  bind(routes.getSettings, async () => ({ body: await service.getSettings() })),
  bind(routes.updateSettings, async ({ admin, body, now, requestId }) => ({
    body: await service.updateSettings(body, adminActor(admin.adminId, requestId), now),
  })),
]);
