/** The adminInvoices Lambda: the money document handlers of the invoice kind with the invoice's own parts. */
import { INVOICE } from '../../shared/domain/money-document/kind.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { idempotentRun } from '../../shared/http/idempotent-run.js';
import { bind } from '../../shared/http/route.js';
import { moneyDocumentHandlers } from '../../shared/workflows/money-document/handlers.js';
import { invoiceRoutes as routes } from './routes.js';
import * as invoice from './service.js';

const handle = moneyDocumentHandlers(INVOICE, invoice);

export const handler = createHttpHandler(
  'adminInvoices',
  [
    bind(routes.list, handle.list),
    bind(routes.get, handle.get),
    bind(routes.create, handle.create),
    bind(routes.update, handle.update),
    bind(routes.cancel, handle.cancel),
  ],
  { idempotency: idempotentRun },
);
