/**
 * Expense status codes and types (spec "Status codes", "Expense"; docs/invoices-expenses.md): 0 Unpaid,
 * 1 Paid, 3 Cancelled, 9 Draft. Paid is a payment state: recorded payments decide it (an admin's PUT is
 * synced to what they say, as for invoices).
 */

export const EXPENSE_STATUS = { unpaid: 0, paid: 1, cancelled: 3, draft: 9 } as const;
export type ExpenseStatus = (typeof EXPENSE_STATUS)[keyof typeof EXPENSE_STATUS];

const LABELS: Readonly<Record<ExpenseStatus, string>> = {
  0: 'Unpaid',
  1: 'Paid',
  3: 'Cancelled',
  9: 'Draft',
};

export const EXPENSE_STATUS_CODES = Object.keys(LABELS).map(Number) as ExpenseStatus[];

export const isExpenseStatus = (code: number): code is ExpenseStatus => code in LABELS;

export const expenseStatusLabel = (code: number): string =>
  isExpenseStatus(code) ? LABELS[code] : 'Unknown';

/** Whether the journal holds the expense (expense / payable): not while a draft, not once cancelled. */
export const isPostedExpense = (status: number): boolean =>
  status !== EXPENSE_STATUS.draft && status !== EXPENSE_STATUS.cancelled;

/** Spec "Expense types" (`description`). */
export const EXPENSE_TYPES = ['RENT', 'BOOKING', 'HOUSEKEEPING', 'SERVICE', 'OWNER', 'ADJUSTMENT'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];
