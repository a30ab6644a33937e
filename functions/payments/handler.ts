/** The payments Lambda (the payment script): thin handlers over the service. */
import { issueCsrfToken } from '../../shared/auth/csrf.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { idempotentRun } from '../../shared/http/idempotent-run.js';
import { bind } from '../../shared/http/route.js';
import * as routes from './routes.js';
import * as service from './service.js';

export const handler = createHttpHandler(
  'payments',
  [
    bind(routes.paymentCsrf, async () => {
      const { token, cookie } = await issueCsrfToken();
      return { body: { payment_csrf: token }, cookies: [cookie] };
    }),
    bind(routes.createIntent, async ({ body, tenant, now }) => ({
      body: await service.createIntent(body, { tenant }, now),
    })),
  ],
  { idempotency: idempotentRun },
);
