/** The booking Lambda (public booking endpoints). */
import { captchaSecret, newChallenge } from '../../shared/captcha/builtin.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { idempotentRun } from '../../shared/http/idempotent-run.js';
import { bind } from '../../shared/http/route.js';
import { book } from './booking.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler(
  'publicBooking',
  [
    bind(routes.captcha, async ({ now }) => ({ body: newChallenge(await captchaSecret(), now) })),
    bind(routes.availability, async ({ params, query, now }) => ({
      body: await service.availability(params.propertyId, query.dateFrom, query.dateTo, now),
    })),
    bind(routes.calendar, async ({ params, query, now }) => ({
      body: await service.calendar(params.propertyId, query.months, now),
    })),
    bind(routes.quote, async ({ body, now }) => ({ body: await service.quote(body, now) })),
    bind(routes.validateCoupon, async ({ body, now }) => ({ body: await service.validateCoupon(body, now) })),
    bind(routes.book, async ({ body, tenant, ip, requestId, now }) => ({
      body: await book(body, { tenant, ip, requestId, now }),
    })),
  ],
  { idempotency: idempotentRun },
);
