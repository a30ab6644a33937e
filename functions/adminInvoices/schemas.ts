/**
 * Request and response schemas of the admin invoice endpoints (spec "Admin invoices"; docs/invoices-expenses.md).
 * Contracts import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { lineItemsInput } from '../../shared/domain/invoice/line-items.js';
import { INVOICE_STATUS_CODES, INVOICE_TYPES, type InvoiceType } from '../../shared/domain/invoice/status.js';
import { RATE_DECIMALS } from '../../shared/domain/ledger/totals.js';
import { idParam, intLike, isoDate, paging, text } from '../../shared/http/schemas.js';

/** An invoice status code of the spec (0, 1, 2, 3, 5, 7, 9), as a number or a numeric string. */
export const invoiceStatusCode = v.pipe(
  intLike(0, 9),
  v.check(
    (n) => (INVOICE_STATUS_CODES as number[]).includes(n),
    `must be one of ${INVOICE_STATUS_CODES.join(', ')}`,
  ),
);

/** An invoice type (spec "Invoice types"), in any case; stored upper-case. */
export const invoiceType = v.pipe(
  v.string('must be an invoice type'),
  v.trim(),
  v.transform((s) => s.toUpperCase()),
  v.picklist(INVOICE_TYPES, `must be one of ${INVOICE_TYPES.join(', ')}`),
  v.transform((s) => s as InvoiceType),
);

/** A tax rate in percent, 0–100, at most RATE_DECIMALS decimals (the ledger's totals take no more). */
export const taxRate = v.pipe(
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

export const listInvoicesQuery = v.object({
  tenantId: v.optional(intLike(1)),
  propertyId: v.optional(intLike(1)),
  status: v.optional(invoiceStatusCode),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  search: v.optional(text(128)),
  ...paging(),
});
export type ListInvoicesQuery = v.InferOutput<typeof listInvoicesQuery>;

export const createInvoiceBody = v.strictObject({
  description: invoiceType,
  dueDate: isoDate,
  tenantId: v.optional(intLike(1)),
  adminId: v.optional(intLike(1)),
  propertyId: v.optional(intLike(1)),
  tax: v.optional(taxRate, 0),
  tax2: v.optional(taxRate, 0),
  status: v.optional(invoiceStatusCode),
  lineItems: v.optional(lineItemsInput, []),
});
export type CreateInvoiceInput = v.InferOutput<typeof createInvoiceBody>;

export const updateInvoiceBody = v.pipe(
  v.strictObject({
    status: v.optional(invoiceStatusCode),
    tax: v.optional(taxRate),
    tax2: v.optional(taxRate),
    description: v.optional(invoiceType),
    dueDate: v.optional(isoDate),
    lineItems: v.optional(lineItemsInput),
  }),
  v.check(
    (b) => Object.values(b).some((x) => x !== undefined),
    'send at least one of status, tax, tax2, description, dueDate, lineItems',
  ),
);
export type UpdateInvoiceInput = v.InferOutput<typeof updateInvoiceBody>;

export const invoiceIdParams = v.object({ id: idParam });

/** A summary row (list) and the single invoice (shared/domain/invoice/view.ts). */
export const invoiceSummary = v.object({
  invoiceId: v.number(),
  description: v.string(),
  tenantId: v.nullable(v.number()),
  adminId: v.nullable(v.number()),
  propertyId: v.nullable(v.number()),
  reservationId: v.nullable(v.number()),
  invoiceDate: v.string(),
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

export const lineItemView = v.object({
  lineNo: v.number(),
  description: v.string(),
  amount: v.number(),
  quantity: v.number(),
  taxed: v.picklist([0, 1]),
  lineTotal: v.number(),
});

export const adminInvoice = v.object({ ...invoiceSummary.entries, lineItems: v.array(lineItemView) });
