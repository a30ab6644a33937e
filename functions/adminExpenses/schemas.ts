/**
 * The expense's own request fields and response fields (spec "Admin expenses"; docs/invoices-expenses.md): the
 * payee; what every money document takes comes from shared/domain/money-document/schemas.ts. Contracts import
 * these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { EXPENSE } from '../../shared/domain/money-document/kind.js';
import * as money from '../../shared/domain/money-document/schemas.js';
import { paging } from '../../shared/http/schemas.js';

/** The payee: an admin id or a vendor id (spec: string); a number is taken as its digits. */
const paytoId = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))], 'must be a payee id'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(64, 'must be at most 64 characters'),
);

export const listExpensesQuery = v.object({ ...money.listEntries(EXPENSE), ...paging() });

export const createExpenseBody = v.strictObject({ ...money.createEntries(EXPENSE), paytoId });
export type CreateExpenseInput = v.InferOutput<typeof createExpenseBody>;

export const updateExpenseBody = money.atLeastOneOf({
  ...money.updateEntries(EXPENSE),
  paytoId: v.optional(paytoId),
});

/** A summary row (list) and the single expense (shared/domain/money-document/view.ts). */
export const expenseResponses = money.documentResponses({
  expenseId: v.number(),
  description: v.string(),
  paytoId: v.string(),
  propertyId: v.nullable(v.number()),
  expenseDate: v.string(),
});
