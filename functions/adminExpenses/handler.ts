/** The adminExpenses Lambda: the money document handlers of the expense kind with the expense's own fields. */
import { EXPENSE } from '../../shared/domain/money-document/kind.js';
import { createHttpHandler } from '../../shared/http/create-handler.js';
import { idempotentRun } from '../../shared/http/idempotent-run.js';
import { bind } from '../../shared/http/route.js';
import { moneyDocumentHandlers } from '../../shared/workflows/money-document/handlers.js';
import { expenseRoutes as routes } from './routes.js';
import * as expense from './service.js';

const handle = moneyDocumentHandlers(EXPENSE, expense);

export const handler = createHttpHandler(
  'adminExpenses',
  [
    bind(routes.list, handle.list),
    bind(routes.get, handle.get),
    bind(routes.create, handle.create),
    bind(routes.update, handle.update),
    bind(routes.cancel, handle.cancel),
  ],
  { idempotency: idempotentRun },
);
