/**
 * Request and response schemas of the admin expense endpoints (spec "Admin expenses";
 * docs/invoices-expenses.md). Contracts import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { EXPENSE_STATUS_CODES, EXPENSE_TYPES, type ExpenseType } from '../../shared/domain/expense/status.js';
import { lineItemsInput } from '../../shared/domain/invoice/line-items.js';
import { RATE_DECIMALS } from '../../shared/domain/ledger/totals.js';
import { idParam, intLike, isoDate, paging } from '../../shared/http/schemas.js';

/** An expense status code of the spec (0, 1, 3, 9). */
export const expenseStatusCode = v.pipe(
  intLike(0, 9),
  v.check(
    (n) => (EXPENSE_STATUS_CODES as number[]).includes(n),
    `must be one of ${EXPENSE_STATUS_CODES.join(', ')}`,
  ),
);

export const expenseType = v.pipe(
  v.string('must be an expense type'),
  v.trim(),
  v.transform((s) => s.toUpperCase()),
  v.picklist(EXPENSE_TYPES, `must be one of ${EXPENSE_TYPES.join(', ')}`),
  v.transform((s) => s as ExpenseType),
);

/** The payee: an admin id or a vendor id (spec: string); a number is taken as its digits. */
export const paytoId = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))], 'must be a payee id'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(64, 'must be at most 64 characters'),
);

/** A tax rate in percent, 0–100, at most RATE_DECIMALS decimals. */
const taxRate = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.finite('must be a percentage')),
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}(\.\d+)?$/, 'must be a percentage'), v.transform(Number)),
    ],
    'must be a percentage',
  ),
  v.minValue(0, 'must not be negative'),
  v.maxValue(100, 'must be at most 100'),
  v.check(
    (n) => Math.abs(Math.round(n * 10 ** RATE_DECIMALS) - n * 10 ** RATE_DECIMALS) < 1e-6,
    `must have at most ${RATE_DECIMALS} decimals`,
  ),
);

export const listExpensesQuery = v.object({
  propertyId: v.optional(intLike(1)),
  status: v.optional(expenseStatusCode),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  ...paging(),
});
export type ListExpensesQuery = v.InferOutput<typeof listExpensesQuery>;

export const createExpenseBody = v.strictObject({
  description: expenseType,
  paytoId,
  dueDate: isoDate,
  propertyId: v.optional(intLike(1)),
  lineItems: v.optional(lineItemsInput, []),
  tax: v.optional(taxRate, 0),
  tax2: v.optional(taxRate, 0),
  status: v.optional(expenseStatusCode),
});
export type CreateExpenseInput = v.InferOutput<typeof createExpenseBody>;

export const updateExpenseBody = v.pipe(
  v.strictObject({
    description: v.optional(expenseType),
    paytoId: v.optional(paytoId),
    dueDate: v.optional(isoDate),
    status: v.optional(expenseStatusCode),
    tax: v.optional(taxRate),
    tax2: v.optional(taxRate),
    lineItems: v.optional(lineItemsInput),
  }),
  v.check(
    (b) => Object.values(b).some((x) => x !== undefined),
    'send at least one of description, paytoId, dueDate, status, tax, tax2, lineItems',
  ),
);
export type UpdateExpenseInput = v.InferOutput<typeof updateExpenseBody>;

export const expenseIdParams = v.object({ id: idParam });

export const expenseSummary = v.object({
  expenseId: v.number(),
  description: v.string(),
  paytoId: v.string(),
  propertyId: v.nullable(v.number()),
  expenseDate: v.string(),
  dueDate: v.string(),
  tax: v.number(),
  tax2: v.number(),
  status: v.number(),
  statusLabel: v.string(),
  subtotalComputed: v.number(),
  taxComputed: v.number(),
  totalComputed: v.number(),
  paidComputed: v.number(),
  refundedComputed: v.number(),
  amountDue: v.number(),
  dateCreated: v.string(),
  dateUpdated: v.string(),
});

const lineItemView = v.object({
  lineNo: v.number(),
  description: v.string(),
  amount: v.number(),
  quantity: v.number(),
  taxed: v.picklist([0, 1]),
  lineTotal: v.number(),
});

export const adminExpense = v.object({ ...expenseSummary.entries, lineItems: v.array(lineItemView) });
