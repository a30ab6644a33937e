/**
 * The expense's own request fields and response fields (spec "Admin expenses"; docs/invoices-expenses.md); what
 * every money document shares comes from shared/domain/money-document/schemas.ts. Contracts import these, so
 * nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { EXPENSE } from '../../shared/domain/money-document/kind.js';
import { lineItemsInput } from '../../shared/domain/money-document/line-items.js';
import {
  atLeastOneOf,
  documentResponses,
  statusCodeInput,
  taxRate,
  typeInput,
} from '../../shared/domain/money-document/schemas.js';
import { intLike, isoDate, paging } from '../../shared/http/schemas.js';

const status = statusCodeInput(EXPENSE);
const description = typeInput(EXPENSE);

/** The payee: an admin id or a vendor id (spec: string); a number is taken as its digits. */
const paytoId = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))], 'must be a payee id'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(64, 'must be at most 64 characters'),
);

export const listExpensesQuery = v.object({
  propertyId: v.optional(intLike(1)),
  status: v.optional(status),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  ...paging(),
});

export const createExpenseBody = v.strictObject({
  description,
  paytoId,
  dueDate: isoDate,
  propertyId: v.optional(intLike(1)),
  lineItems: v.optional(lineItemsInput, []),
  tax: v.optional(taxRate, 0),
  tax2: v.optional(taxRate, 0),
  status: v.optional(status),
});
export type CreateExpenseInput = v.InferOutput<typeof createExpenseBody>;

export const updateExpenseBody = atLeastOneOf({
  description: v.optional(description),
  paytoId: v.optional(paytoId),
  dueDate: v.optional(isoDate),
  status: v.optional(status),
  tax: v.optional(taxRate),
  tax2: v.optional(taxRate),
  lineItems: v.optional(lineItemsInput),
});

/** A summary row (list) and the single expense (shared/domain/money-document/view.ts). */
export const expenseResponses = documentResponses({
  expenseId: v.number(),
  description: v.string(),
  paytoId: v.string(),
  propertyId: v.nullable(v.number()),
  expenseDate: v.string(),
});
