/** The adminProperties Lambda: thin handlers over the service. */
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
  bind(routes.createProperty, async ({ admin, body, now }) => ({
    body: await service.createProperty(admin, body, now),
  })),
  bind(routes.updateProperty, async ({ admin, params, body, now }) => ({
    body: { success: true, property: await service.updateProperty(admin, params.id, body, now) },
  })),
  bind(routes.archiveProperty, async ({ admin, params, now }) => ({
    body: await service.archiveProperty(admin, params.id, now),
  })),
]);
