/**
 * The invoice's own request fields and response fields (spec "Admin invoices"; docs/invoices-expenses.md): the
 * invoicee (tenantId or adminId) and the search; what every money document takes comes from
 * shared/domain/money-document/schemas.ts. Contracts import these, so nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { INVOICE } from '../../shared/domain/money-document/kind.js';
import * as money from '../../shared/domain/money-document/schemas.js';
import { intLike, paging, text } from '../../shared/http/schemas.js';

export const listInvoicesQuery = v.object({
  tenantId: v.optional(intLike(1)),
  ...money.listEntries(INVOICE),
  search: v.optional(text(128)),
  ...paging(),
});
export type ListInvoicesQuery = v.InferOutput<typeof listInvoicesQuery>;

export const createInvoiceBody = v.strictObject({
  ...money.createEntries(INVOICE),
  tenantId: v.optional(intLike(1)),
  adminId: v.optional(intLike(1)),
});
export type CreateInvoiceInput = v.InferOutput<typeof createInvoiceBody>;

export const updateInvoiceBody = money.atLeastOneOf(money.updateEntries(INVOICE));

/** A summary row (list) and the single invoice (shared/domain/money-document/view.ts). */
export const invoiceResponses = money.documentResponses({
  invoiceId: v.number(),
  description: v.string(),
  tenantId: v.nullable(v.number()),
  adminId: v.nullable(v.number()),
  propertyId: v.nullable(v.number()),
  reservationId: v.nullable(v.number()),
  /** The lease of a DEPOSIT, RENT or late-fee invoice (docs/leases.md); absent on other invoices. */
  leaseId: v.optional(v.number()),
  invoiceDate: v.string(),
  /** The single invoice only: the payment link to send the payer while something is due (DESIGN.md "The payment link"). */
  paymentUrl: v.optional(v.nullable(v.string())),
  /** A card dispute while the processor reports one (its status is the processor's: needs_response, won, lost …). */
  dispute: v.optional(
    v.object({
      disputeId: v.string(),
      status: v.string(),
      amount: v.number(),
      reason: v.nullable(v.string()),
      updatedAt: v.string(),
    }),
  ),
  /**
   * Card money the books could not take (docs/payments.md "Anomalies": a refund beyond what was paid, a payment
   * for a cancelled booking …), oldest first: nothing of it was booked; a person settles it.
   */
  anomalies: v.optional(
    v.array(
      v.object({
        kind: v.string(),
        eventId: v.string(),
        eventType: v.string(),
        paymentIntentId: v.nullable(v.string()),
        chargeId: v.nullable(v.string()),
        amount: v.number(),
        amountCents: v.number(),
        currency: v.string(),
        detail: v.string(),
        at: v.string(),
      }),
    ),
  ),
});
