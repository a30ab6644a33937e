/**
 * What an admin's PUT and DELETE do to an expense (spec "Transitions": DELETE → 3 Cancelled, 409 with
 * settled payments; PUT updates the header and appends line items). The same rules as invoices
 * (shared/domain/invoice/update.ts) with the expense's statuses: 0 Unpaid, 1 Paid, 3 Cancelled, 9 Draft.
 */
import { Conflict } from '../../errors.js';
import { type Figures, postingDelta, refreshedFigures, sameFigures, ZERO } from '../invoice/figures.js';
import type { DocumentLine } from '../invoice/line-items.js';
import { cancelRefusal } from '../ledger/settlement.js';
import { EXPENSE_STATUS, type ExpenseType, isPostedExpense } from './status.js';

export interface ExpenseState extends Figures {
  expenseId: number;
  description: ExpenseType;
  paytoId: string;
  dueDate: string;
  tax: number;
  tax2: number;
  status: number;
  paidCents: number;
  refundedCents: number;
}

export interface ExpenseUpdateInput {
  status?: number | undefined;
  description?: ExpenseType | undefined;
  paytoId?: string | undefined;
  dueDate?: string | undefined;
  tax?: number | undefined;
  tax2?: number | undefined;
  lineItems?: DocumentLine[] | undefined;
}

export interface ExpensePlan {
  next: ExpenseState;
  appended: DocumentLine[];
  posting: Figures | null;
  action: 'updated' | 'cancelled';
}

export const postedExpenseFigures = (s: Figures & { status: number }): Figures =>
  isPostedExpense(s.status) ? s : ZERO;

/** The status after a PUT: draft and cancelled kept as given; otherwise fully paid → 1, else 0. */
export function syncedExpenseStatus(
  requested: number,
  s: Pick<ExpenseState, 'totalCents' | 'paidCents'>,
): number {
  if (requested === EXPENSE_STATUS.draft || requested === EXPENSE_STATUS.cancelled) return requested;
  return s.paidCents > 0 && s.paidCents >= s.totalCents ? EXPENSE_STATUS.paid : EXPENSE_STATUS.unpaid;
}

export function expenseCancelConflict(s: ExpenseState): string | null {
  const refusal = cancelRefusal({ documentType: 'expense', ...s });
  if (refusal === 'alreadyCancelled') return `Expense ${s.expenseId} is already cancelled`;
  if (refusal === 'settledPayments')
    return `Expense ${s.expenseId} has settled payments (${(s.paidCents / 100).toFixed(2)} paid): refund them before cancelling`;
  return null;
}

/** DELETE: status 3, the journal's figures reversed; 409 when already cancelled or with settled payments. */
export function planExpenseCancel(current: ExpenseState): ExpensePlan {
  const conflict = expenseCancelConflict(current);
  if (conflict) throw new Conflict(conflict);
  return {
    next: { ...current, status: EXPENSE_STATUS.cancelled },
    appended: [],
    posting: postingDelta(postedExpenseFigures(current), ZERO),
    action: 'cancelled',
  };
}

function checkUpdateAllowed(current: ExpenseState, requested: number): void {
  if (current.status === EXPENSE_STATUS.cancelled)
    throw new Conflict(`Expense ${current.expenseId} is cancelled: it takes no change`);
  const conflict = requested === EXPENSE_STATUS.cancelled ? expenseCancelConflict(current) : null;
  if (conflict) throw new Conflict(conflict);
  const hasMoney = current.paidCents !== 0 || current.refundedCents !== 0;
  if (requested === EXPENSE_STATUS.draft && current.status !== EXPENSE_STATUS.draft && hasMoney)
    throw new Conflict(`Expense ${current.expenseId} has payments: it cannot become a draft`);
}

/** PUT: header fields, appended lines, refreshed figures, synced status; 409 on a cancelled expense. */
export function planExpenseUpdate(
  current: ExpenseState,
  lines: readonly DocumentLine[],
  input: ExpenseUpdateInput,
): ExpensePlan {
  const requested = input.status ?? current.status;
  checkUpdateAllowed(current, requested);
  const appended = input.lineItems ?? [];
  const tax = input.tax ?? current.tax;
  const tax2 = input.tax2 ?? current.tax2;
  const figures = refreshedFigures(current, lines, appended, tax, tax2);
  const resync = input.status !== undefined || !sameFigures(figures, current);
  const status = resync ? syncedExpenseStatus(requested, { ...current, ...figures }) : current.status;
  if (isPostedExpense(status) && current.paidCents > figures.totalCents)
    throw new Conflict(
      `The new total ${(figures.totalCents / 100).toFixed(2)} is below the ${(current.paidCents / 100).toFixed(2)} already paid: refund first`,
    );
  const next: ExpenseState = {
    ...current,
    description: input.description ?? current.description,
    paytoId: input.paytoId ?? current.paytoId,
    dueDate: input.dueDate ?? current.dueDate,
    tax,
    tax2,
    status,
    ...figures,
  };
  return {
    next,
    appended,
    posting: postingDelta(postedExpenseFigures(current), postedExpenseFigures(next)),
    action: status === EXPENSE_STATUS.cancelled ? 'cancelled' : 'updated',
  };
}
