/** The adminExpenses Lambda: the money document handlers of the expense kind with the expense's own fields. */
import { EXPENSE } from '../../shared/domain/money-document/kind.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { moneyDocumentHandlers } from '../../shared/workflows/money-document/handlers.js';
import { expenseRoutes } from './routes.js';
import * as expense from './service.js';

export const handler = createHttpHandler(
  'adminExpenses',
  moneyDocumentHandlers(EXPENSE, expenseRoutes, expense),
);
