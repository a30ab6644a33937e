/** The adminContent Lambda: the same four thin handlers for every content kind, and the CMS block row. */
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import { kindRoutes, putContentBlocks } from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminContent', [
  ...kindRoutes.flatMap(({ def, list, create, update, remove }) => [
    bind(list, async () => ({ body: await service.listContent(def) })),
    bind(create, async ({ admin, body, now }) => {
      const record = await service.createContent(def, body, now, { authorId: admin.adminId });
      return { body: { success: true, [def.idField]: record[def.idField] } };
    }),
    bind(update, async ({ params, body, now }) => ({
      body: { success: true, item: await service.updateContent(def, params.id, body, now) },
    })),
    bind(remove, async ({ params, now }) => ({ body: await service.deleteContent(def, params.id, now) })),
  ]),
  bind(putContentBlocks, async ({ body }) => ({
    body: { success: true, content: await service.saveBlocks(body) },
  })),
]);
