/** The adminContent Lambda: the same four thin handlers for every content kind, and the CMS block row. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import { kindRoutes, putContentBlocks } from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminContent', [
  ...kindRoutes.flatMap(({ def, list, create, update, remove }) => [
    bind(list, async ({ admin }) => ({ body: await service.listContent(def, admin) })),
    bind(create, async ({ admin, body, now, requestId }) => {
      const by = adminActor(admin.adminId, requestId);
      const id = await service.createContent(def, body, now, by, admin.adminId);
      return { body: { success: true, [def.idField]: id } };
    }),
    bind(update, async ({ admin, params, body, now, requestId }) => ({
      body: {
        success: true,
        item: await service.updateContent(def, params.id, body, now, adminActor(admin.adminId, requestId)),
      },
    })),
    bind(remove, async ({ admin, params, now, requestId }) => ({
      body: await service.deleteContent(def, params.id, now, adminActor(admin.adminId, requestId)),
    })),
  ]),
  bind(putContentBlocks, async ({ admin, body, now, requestId }) => ({
    body: {
      success: true,
      content: await service.saveBlocks(body, now, adminActor(admin.adminId, requestId)),
    },
  })),
]);
