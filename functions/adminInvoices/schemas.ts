/**
 * The invoice's own request fields and response fields (spec "Admin invoices"; docs/invoices-expenses.md); what
 * every money document shares comes from shared/domain/money-document/schemas.ts. Contracts import these, so
 * nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { INVOICE } from '../../shared/domain/money-document/kind.js';
import { lineItemsInput } from '../../shared/domain/money-document/line-items.js';
import {
  atLeastOneOf,
  documentResponses,
  statusCodeInput,
  taxRate,
  typeInput,
} from '../../shared/domain/money-document/schemas.js';
import { intLike, isoDate, paging, text } from '../../shared/http/schemas.js';

const status = statusCodeInput(INVOICE);
const description = typeInput(INVOICE);

export const listInvoicesQuery = v.object({
  tenantId: v.optional(intLike(1)),
  propertyId: v.optional(intLike(1)),
  status: v.optional(status),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  search: v.optional(text(128)),
  ...paging(),
});
export type ListInvoicesQuery = v.InferOutput<typeof listInvoicesQuery>;

export const createInvoiceBody = v.strictObject({
  description,
  dueDate: isoDate,
  tenantId: v.optional(intLike(1)),
  adminId: v.optional(intLike(1)),
  propertyId: v.optional(intLike(1)),
  tax: v.optional(taxRate, 0),
  tax2: v.optional(taxRate, 0),
  status: v.optional(status),
  lineItems: v.optional(lineItemsInput, []),
});
export type CreateInvoiceInput = v.InferOutput<typeof createInvoiceBody>;

export const updateInvoiceBody = atLeastOneOf({
  status: v.optional(status),
  tax: v.optional(taxRate),
  tax2: v.optional(taxRate),
  description: v.optional(description),
  dueDate: v.optional(isoDate),
  lineItems: v.optional(lineItemsInput),
});

/** A summary row (list) and the single invoice (shared/domain/money-document/view.ts). */
export const invoiceResponses = documentResponses({
  invoiceId: v.number(),
  description: v.string(),
  tenantId: v.nullable(v.number()),
  adminId: v.nullable(v.number()),
  propertyId: v.nullable(v.number()),
  reservationId: v.nullable(v.number()),
  invoiceDate: v.string(),
});
