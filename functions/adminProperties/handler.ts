/** The adminProperties Lambda: thin handlers over the service. */

import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminProperties', [
  bind(routes.listProperties, async ({ admin, query }) => {
    const { type, includeArchived, pets, featured, ...rest } = query;
    return {
      body: await service.listProperties(admin, {
        ...rest,
        kind: type,
        includeArchived: includeArchived === undefined ? undefined : includeArchived === '1',
        pets: pets === '1',
        featured: featured === '1',
      }),
    };
  }),
  bind(routes.getProperty, async ({ admin, params }) => ({
    body: await service.getProperty(admin, params.id),
  })),
  bind(routes.createProperty, async ({ admin, body, now, requestId }) => ({
    body: await service.createProperty(admin, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.updateProperty, async ({ admin, params, body, now, requestId }) => ({
    body: {
      success: true,
      property: await service.updateProperty(
        admin,
        params.id,
        body,
        adminActor(admin.adminId, requestId),
        now,
      ),
    },
  })),
  bind(routes.archiveProperty, async ({ admin, params, now, requestId }) => ({
    body: await service.archiveProperty(admin, params.id, adminActor(admin.adminId, requestId), now),
  })),
]);
