/** The payment script's own answer shapes (functions/payments/routes.ts). */
import * as v from 'valibot';

/** What a card payment pays (functions/payments/paid-for.ts). */
export const paidForSchema = v.object({
  invoiceId: v.number(),
  /** In words (money-document/words.ts): `Booking`, `Rent for December 2026`. */
  title: v.string(),
  propertyName: v.nullable(v.string()),
  /** A booking's stay: the arrival and departure days. */
  stay: v.nullable(v.object({ dateFrom: v.string(), dateTo: v.string() })),
  /** The month a rent cycle invoice is for, `YYYY-MM`. */
  period: v.nullable(v.string()),
  dueDate: v.string(),
  lineItems: v.array(v.object({ description: v.string(), lineTotal: v.number() })),
  taxComputed: v.number(),
  totalComputed: v.number(),
  paidComputed: v.number(),
  amountDue: v.number(),
});

export type PaidFor = v.InferOutput<typeof paidForSchema>;
