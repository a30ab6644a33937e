/**
 * Line items of invoices and expenses (spec "Invoice": `description`, `amount`, `quantity`, `taxed`), as
 * the API takes them and as they are stored (amounts in integer cents). Expenses use the same lines.
 *
 * Bounds (docs/invoices-expenses.md): at most MAX_LINES_PER_WRITE lines in one create or update (each line
 * is one item of the write's single transaction, which DynamoDB caps at 100 items beside the header, the
 * journal entry and the change record) and MAX_LINES_PER_DOCUMENT on a document (its lines are read with
 * the header in one Query, which must stay well under DynamoDB's 1 MB page).
 */
import * as v from 'valibot';
import { toAmount } from '../money.js';
import { amountCents } from '../values.js';

export const MAX_LINES_PER_WRITE = 50;
export const MAX_LINES_PER_DOCUMENT = 500;
export const MAX_LINE_DESCRIPTION = 255;
/** A line amount's bound, either sign: a credit line (negative) is allowed, the document total is not. */
export const MAX_LINE_AMOUNT = 9_999_999.99;
export const MAX_QUANTITY = 100_000;

/** A stored line: the amount in cents. */
export interface DocumentLine {
  description: string;
  amountCents: number;
  quantity: number;
  /** Whether the document's tax rates apply to the line. */
  taxed: 0 | 1;
}

/** A line's amount: either sign (a credit line is negative), at most 2 decimals; integer cents out. */
const lineAmountCents = amountCents({ min: -MAX_LINE_AMOUNT, max: MAX_LINE_AMOUNT });

/** A quantity: positive, at most 2 decimals (hours, nights, units). */
const quantity = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.finite('must be a number')),
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be a number such as 1 or 2.5'),
        v.transform(Number),
      ),
    ],
    'must be a number such as 1 or 2.5',
  ),
  v.check((n) => n > 0 && n <= MAX_QUANTITY, `must be above 0 and at most ${MAX_QUANTITY}`),
  // Judged on its decimal text, like an amount: 1.000000001 is refused, not rounded to 1.
  v.check((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), 'must have at most 2 decimals'),
);

/** The spec's `taxed` flag: true/false, 1/0, "1"/"0", "true"/"false", "yes"/"no". */
const taxedFlag = v.pipe(
  v.union([v.boolean(), v.picklist([0, 1]), v.string()], 'must be true or false (1 or 0)'),
  v.transform((x) => String(x).trim().toLowerCase()),
  v.picklist(['1', '0', 'true', 'false', 'yes', 'no'], 'must be true or false (1 or 0)'),
  v.transform((x): 0 | 1 => (['1', 'true', 'yes'].includes(x) ? 1 : 0)),
);

/** One line as sent; `quantity` defaults to 1 and `taxed` to 0. Unknown fields are refused (strict). */
export const lineItemInput = v.strictObject({
  description: v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(MAX_LINE_DESCRIPTION, `must be at most ${MAX_LINE_DESCRIPTION} characters`),
  ),
  amount: lineAmountCents,
  quantity: v.optional(quantity, 1),
  taxed: v.optional(taxedFlag, 0),
});

/** `lineItems` of a create or update: an array of at most MAX_LINES_PER_WRITE lines. */
export const lineItemsInput = v.pipe(
  v.array(lineItemInput, 'must be an array of line items'),
  v.maxLength(MAX_LINES_PER_WRITE, `at most ${MAX_LINES_PER_WRITE} line items in one request`),
  v.transform((lines): DocumentLine[] =>
    lines.map((l) => ({
      description: l.description,
      amountCents: l.amount,
      quantity: l.quantity,
      taxed: l.taxed,
    })),
  ),
);

/** A line as the API shows it (`lineNo` from 1 in the order written; `lineTotal` = amount × quantity). */
export interface LineView {
  lineNo: number;
  description: string;
  amount: number;
  quantity: number;
  taxed: 0 | 1;
  lineTotal: number;
}

export const lineView = (line: DocumentLine, lineNo: number, lineTotalCents: number): LineView => ({
  lineNo,
  description: line.description,
  amount: toAmount(line.amountCents),
  quantity: line.quantity,
  taxed: line.taxed,
  lineTotal: toAmount(lineTotalCents),
});
