/** The accounting Lambda: the OAuth start and callback, and the connection's status (docs/accounting.md). */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

/** JSON only for a caller that asks for it and not for a page (fetch from a back office); browsers get the 302. */
const wantsJson = (accept: string | undefined) =>
  accept !== undefined && /application\/json/i.test(accept) && !/text\/html/i.test(accept);

export const handler = createHttpHandler('accounting', [
  bind(routes.oauthStart, async ({ admin, headers, now }) => {
    const authorizeUrl = await service.start(admin.adminId, now);
    if (wantsJson(headers.accept)) return { body: { authorizeUrl } };
    return { status: 302, headers: { Location: authorizeUrl }, body: { authorizeUrl } };
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
]);
