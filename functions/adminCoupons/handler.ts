/** The adminCoupons Lambda: thin handlers over the service. */
import { adminActor } from '../../shared/domain/change.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler('adminCoupons', [
  bind(routes.listCoupons, async () => ({ body: await service.listCoupons() })),
  bind(routes.createCoupon, async ({ admin, body, now, requestId }) => ({
    body: await service.createCoupon(body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.getCoupon, async ({ params }) => ({ body: await service.getCoupon(params.code) })),
  bind(routes.updateCoupon, async ({ admin, params, body, now, requestId }) => ({
    body: await service.updateCoupon(params.code, body, adminActor(admin.adminId, requestId), now),
  })),
  bind(routes.deactivateCoupon, async ({ admin, params, now, requestId }) => ({
    body: await service.deactivateCoupon(params.code, adminActor(admin.adminId, requestId), now),
  })),
]);
