/** The adminIcal Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminIcal', [
  bind(routes.listFeeds, async ({ admin, query }) => ({
    body: await service.listFeeds(admin, query.propertyId),
  })),
  bind(routes.createFeed, async ({ admin, body, now, requestId }) => ({
    body: await service.createFeed(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.getFeed, async ({ admin, params }) => ({ body: await service.getFeed(admin, params.id) })),
  bind(routes.deleteFeed, async ({ admin, params, now, requestId }) => ({
    body: await service.deleteFeed(admin, params.id, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.syncFeed, async ({ admin, params, now, requestId }) => ({
    // The blocks change because the feed says so: the import's changes are system:ical's, as the schedule's.
    body: await service.syncFeed(admin, params.id, { actor: 'system:ical', requestId }, now),
  })),
  bind(routes.getExport, async ({ admin, params, now, requestId }) => ({
    body: await service.getExport(admin, params.propertyId, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.rotateExport, async ({ admin, params, now, requestId }) => ({
    body: await service.rotateExport(admin, params.propertyId, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.listConflicts, async ({ admin, query }) => ({
    body: await service.listConflicts(admin, query),
  })),
]);
