/**
 * Admin expenses (spec "Admin expenses (controller adminExpenses)"; no singular alias, spec convention 6).
 * Statuses 0 Unpaid, 1 Paid, 3 Cancelled, 9 Draft; the journal is written in the same transaction as every
 * change (docs/invoices-expenses.md).
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { MAX_LINES_PER_WRITE } from '../../shared/domain/invoice/line-items.js';
import { paged } from '../../shared/domain/responses/common.js';
import { defineRoute } from '../../shared/http/route.js';
import {
  adminExpense,
  createExpenseBody,
  expenseIdParams,
  expenseSummary,
  listExpensesQuery,
  updateExpenseBody,
} from './schemas.js';

const group = 'adminExpenses';
const base = '/API/adminExpenses/V1';
const tags = ['Admin expenses'];

export const listExpenses = defineRoute({
  id: 'adminExpenses.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/expenses.json`,
  summary: 'List expenses, newest expense date first (landlords see their own properties’)',
  description:
    'Filters: propertyId, status (0, 1, 3, 9; every status when absent), dateFrom/dateTo (the expense date, both inclusive).',
  auth: { kind: 'admin', roles: READ_ROLES },
  query: listExpensesQuery,
  response: paged(expenseSummary),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const getExpense = defineRoute({
  id: 'adminExpenses.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/expenses/{id}.json`,
  summary: 'One expense with its line items and computed totals',
  auth: { kind: 'admin', roles: READ_ROLES },
  params: expenseIdParams,
  response: adminExpense,
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such expense (another landlord’s answers the same)',
  },
});

export const createExpense = defineRoute({
  id: 'adminExpenses.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/expenses.json`,
  summary: 'Create an expense for a payee; posted to the journal unless a draft',
  description: `paytoId (an admin or vendor id) and dueDate are required; propertyId must exist. Status 0 (default) or 9 (draft). tax and tax2 (beyond the spec) default to 0. At most ${MAX_LINES_PER_WRITE} line items. Honours Idempotency-Key.`,
  auth: { kind: 'admin', roles: WRITE_ROLES },
  body: createExpenseBody,
  idempotency: true,
  successStatus: 201,
  response: v.object({ success: v.boolean(), expenseId: v.number(), expense: adminExpense }),
  errors: {
    400: 'validation, or a property that does not exist',
    401: 'no admin session',
    403: 'wrong role',
    409: 'the same Idempotency-Key is still being answered',
    422: 'the same Idempotency-Key with another body',
  },
});

export const updateExpense = defineRoute({
  id: 'adminExpenses.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/expenses/{id}.json`,
  summary: 'Change the header (type, payee, due date, status, tax) and append line items',
  description: `Line items are appended (at most ${MAX_LINES_PER_WRITE} a request); totals are computed again, the status synced with the payments, the journal posts the difference. Status 3 cancels as DELETE does.`,
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: expenseIdParams,
  body: updateExpenseBody,
  response: v.object({ success: v.boolean(), expense: adminExpense }),
  errors: {
    400: 'validation',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such expense',
    409: 'cancelled, settled payments refuse the change, or the total would fall below what was paid',
  },
});

export const cancelExpense = defineRoute({
  id: 'adminExpenses.cancel',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/expenses/{id}.json`,
  summary: 'Cancel (status 3) with the journal entry reversed in the same transaction',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: expenseIdParams,
  response: v.object({ success: v.boolean(), expense: adminExpense }),
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such expense',
    409: 'settled payments, or already cancelled',
  },
});

export const routes = [listExpenses, getExpense, createExpense, updateExpense, cancelExpense];
