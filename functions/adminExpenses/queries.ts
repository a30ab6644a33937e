/**
 * Admin expense reads (docs/invoices-expenses.md): the list with the spec's filters and landlord scope, and
 * one expense; another landlord's expense answers exactly as a missing one.
 */
import type { AdminSession } from '../../shared/auth/session-types.js';
import * as repo from '../../shared/data/expenses-repo.js';
import { expenseSummaryView, expenseView } from '../../shared/domain/expense/view.js';
import { NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import type { ListExpensesQuery } from './schemas.js';
import { landlordPropertyIds, visibleToAdmin } from './scope.js';

type Expense = repo.ExpenseRecord;

function matchesFilters(e: Expense, q: ListExpensesQuery): boolean {
  if (q.propertyId !== undefined && e.propertyId !== q.propertyId) return false;
  if (q.status !== undefined && e.status !== q.status) return false;
  if (q.dateFrom !== undefined && e.expenseDate < q.dateFrom) return false;
  if (q.dateTo !== undefined && e.expenseDate > q.dateTo) return false;
  return true;
}

/** A landlord's properties (E3 each, or the one asked for), a property's (E3), else every expense (E2). */
async function candidates(admin: AdminSession, q: ListExpensesQuery): Promise<Expense[]> {
  const range = { from: q.dateFrom, to: q.dateTo };
  if (admin.role === 'landlord') {
    const own = await landlordPropertyIds(admin.adminId);
    const ids = q.propertyId === undefined ? [...own] : own.has(q.propertyId) ? [q.propertyId] : [];
    return (await Promise.all(ids.map((id) => repo.expensesOfProperty(id, range)))).flat();
  }
  if (q.propertyId !== undefined) return repo.expensesOfProperty(q.propertyId, range);
  return repo.expensesByDate(range);
}

const newestFirst = (a: Expense, b: Expense) =>
  a.expenseDate === b.expenseDate ? b.expenseId - a.expenseId : a.expenseDate < b.expenseDate ? 1 : -1;

export async function listExpenses(admin: AdminSession, q: ListExpensesQuery) {
  const found = (await candidates(admin, q)).filter((e) => matchesFilters(e, q)).sort(newestFirst);
  return pageOf(found.map(expenseSummaryView), q.page, q.limit);
}

export const notFound = (id: number) => new NotFound(`Expense ${id} not found`);

/** E1, one Query; 404 when missing or out of a landlord's reach. */
export async function visibleExpense(admin: AdminSession, id: number): Promise<repo.ExpenseDocument> {
  const found = await repo.getExpenseDocument(id);
  if (!found || !(await visibleToAdmin(admin, found.record.propertyId))) throw notFound(id);
  return found;
}

export async function getExpense(admin: AdminSession, id: number) {
  const found = await visibleExpense(admin, id);
  return expenseView(found.record, found.lines);
}
