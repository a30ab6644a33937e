/** The recorded-payment body and answer (DESIGN.md "Paths of what we add beyond the spec": adminPayments). */
import * as v from 'valibot';
import { PAYMENT_METHODS } from '../../shared/domain/ledger/payment.js';
import { amountCents, isoDate, MAX_AMOUNT, MAX_INT_ID } from '../../shared/domain/values.js';
import { idParam } from '../../shared/http/schemas.js';

/** A signed amount (negative = refund) as a number or decimal string, at most 2 decimals, not 0. */
const signedAmountCents = amountCents({ min: -MAX_AMOUNT, max: MAX_AMOUNT, nonZero: true });

export const paymentBody = v.strictObject({
  amount: signedAmountCents,
  method: v.picklist(PAYMENT_METHODS, `must be one of ${PAYMENT_METHODS.join(', ')}`),
  date: isoDate,
  reference: v.optional(
    v.nullable(
      v.pipe(v.string('must be a string'), v.trim(), v.maxLength(200, 'must be at most 200 characters')),
    ),
  ),
});
export type PaymentBody = v.InferOutput<typeof paymentBody>;

export const documentIdParams = v.object({ id: idParam });

/** A recorded or card payment with its document's figures after it (the answer, and the `payment.*` events). */
export const paymentRecord = v.object({
  paymentId: v.pipe(v.number(), v.integer(), v.maxValue(MAX_INT_ID)),
  documentType: v.picklist(['invoice', 'expense']),
  documentId: v.number(),
  /** The payment's own figure (negative for a refund), in the site currency. */
  amount: v.number(),
  method: v.picklist(PAYMENT_METHODS),
  date: v.string(),
  reference: v.nullable(v.string()),
  /** The document after the payment. */
  status: v.number(),
  statusLabel: v.string(),
  totalComputed: v.number(),
  paidComputed: v.number(),
  refundedComputed: v.number(),
  amountDue: v.number(),
});

export const paymentAnswer = v.object({ success: v.boolean(), ...paymentRecord.entries });
export type PaymentAnswer = v.InferOutput<typeof paymentAnswer>;
