/** The accounting Lambda: the OAuth start and callback, the connection's status, the sync's mapping, states and resync (docs/accounting.md). */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';
import * as sync from './sync-admin.js';

export const handler = createHttpHandler('accounting', [
  // The 302 whatever the Accept header: the legacy back office opens or fetches this as a script that
  // redirects. A JSON client reads the outcome from connection.json.
  bind(routes.oauthStart, async ({ admin, now }) => {
    const authorizeUrl = await service.start(admin.adminId, now);
    return { headers: { Location: authorizeUrl }, body: { authorizeUrl } };
  }),
  bind(routes.oauthCallback, async ({ admin, query, now, requestId }) => ({
    body: await service.callback(
      query,
      { ...adminActor(admin.adminId, requestId), adminId: admin.adminId },
      now,
    ),
  })),
  bind(routes.connectionStatus, async () => ({ body: await service.status() })),
  bind(routes.disconnect, async ({ admin, now, requestId }) => ({
    body: await service.disconnect(adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.getMapping, async () => ({ body: await sync.mappingView() })),
  bind(routes.putMapping, async ({ admin, body, now, requestId }) => ({
    body: await sync.changeMapping(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.listSync, async ({ query }) => ({ body: await sync.listSync(query) })),
  bind(routes.resync, async ({ admin, body, now, requestId }) => ({
    body: await sync.resync(body, adminActor(admin.adminId, requestId), now),
  })),
]);
