/** The adminInvoices Lambda: the money document handlers of the invoice kind with the invoice's own parts. */
import { INVOICE } from '../../shared/domain/money-document/kind.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { moneyDocumentHandlers } from '../../shared/workflows/money-document/handlers.js';
import { invoiceRoutes } from './routes.js';
import * as invoice from './service.js';

export const handler = createHttpHandler(
  'adminInvoices',
  moneyDocumentHandlers(INVOICE, invoiceRoutes, invoice),
);
