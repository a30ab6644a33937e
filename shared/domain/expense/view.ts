/**
 * The expense as the admin API shows it (spec "Expense": the input fields; the single expense adds its line
 * items and computed totals, named as the invoice's). Money is a float in the site currency.
 */

import type { DocumentLine } from '../invoice/line-items.js';
import { lineViews } from '../invoice/view.js';
import { toAmount } from '../money.js';
import { expenseStatusLabel } from './status.js';

export interface ExpenseHeader {
  expenseId: number;
  description: string;
  paytoId: string;
  propertyId: number | null;
  expenseDate: string;
  dueDate: string;
  tax: number;
  tax2: number;
  status: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  dateCreated: string;
  dateUpdated: string;
}

export function expenseSummaryView(h: ExpenseHeader) {
  return {
    expenseId: h.expenseId,
    description: h.description,
    paytoId: h.paytoId,
    propertyId: h.propertyId,
    expenseDate: h.expenseDate,
    dueDate: h.dueDate,
    tax: h.tax,
    tax2: h.tax2,
    status: h.status,
    statusLabel: expenseStatusLabel(h.status),
    subtotalComputed: toAmount(h.subtotalCents),
    taxComputed: toAmount(h.taxCents),
    totalComputed: toAmount(h.totalCents),
    paidComputed: toAmount(h.paidCents),
    refundedComputed: toAmount(h.refundedCents),
    amountDue: toAmount(Math.max(0, h.totalCents - h.paidCents)),
    dateCreated: h.dateCreated,
    dateUpdated: h.dateUpdated,
  };
}

export const expenseView = (h: ExpenseHeader, lines: readonly DocumentLine[]) => ({
  ...expenseSummaryView(h),
  lineItems: lineViews(lines),
});
