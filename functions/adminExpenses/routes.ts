/**
 * Admin expenses (spec "Admin expenses (controller adminExpenses)"; no singular alias, spec convention 6): the
 * money document endpoints (shared/http/money-document-routes.ts) of the expense kind. The journal is written in
 * the same transaction as every change (docs/invoices-expenses.md).
 */
import { EXPENSE } from '../../shared/domain/money-document/kind.js';
import { MAX_LINES_PER_WRITE } from '../../shared/domain/money-document/line-items.js';
import { moneyDocumentRoutes } from '../../shared/http/money-document-routes.js';
import { createExpenseBody, expenseResponses, listExpensesQuery, updateExpenseBody } from './schemas.js';

export const expenseRoutes = moneyDocumentRoutes({
  kind: EXPENSE,
  group: 'adminExpenses',
  tag: 'Admin expenses',
  singularAlias: false,
  listQuery: listExpensesQuery,
  createBody: createExpenseBody,
  updateBody: updateExpenseBody,
  responses: expenseResponses,
  words: {
    listDescription:
      'Filters: propertyId, status (0, 1, 3, 9; every status when absent), dateFrom/dateTo (the expense date, both inclusive).',
    getSummary: 'One expense with its line items and computed totals',
    createSummary: 'Create an expense for a payee; posted to the journal unless a draft',
    createDescription: `paytoId (an admin or vendor id) and dueDate are required; propertyId must exist. Status 0 (default) or 9 (draft). tax and tax2 (beyond the spec) default to 0. At most ${MAX_LINES_PER_WRITE} line items. Honours Idempotency-Key.`,
    create400: 'validation, or a property that does not exist',
    updateSummary: 'Change the header (type, payee, due date, status, tax) and append line items',
  },
});

export const routes = expenseRoutes.all;
