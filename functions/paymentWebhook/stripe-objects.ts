/**
 * The parts of Stripe's event objects the webhook reads (PaymentIntent, Charge, Dispute), checked before use:
 * a signed event of a known type whose object lacks them is a 400, never a half-applied change.
 */
import * as v from 'valibot';
import { BadRequest } from '../../shared/errors.js';

const cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const metadata = v.optional(v.nullable(v.record(v.string(), v.string())), {});
/** Expandable references arrive as an id or as the object. */
const reference = v.union([
  v.string(),
  v.pipe(
    v.looseObject({ id: v.string() }),
    v.transform((o) => o.id),
  ),
]);

export const intentObject = v.looseObject({
  id: v.string(),
  /** What the intent asks for (Stripe always sends it; optional so a trimmed object is still read). */
  amount: v.optional(cents),
  amount_received: cents,
  currency: v.string(),
  metadata,
});

export const chargeObject = v.looseObject({
  id: v.string(),
  payment_intent: v.nullable(reference),
  amount_captured: v.optional(cents),
  amount_refunded: cents,
  currency: v.string(),
  metadata,
});

export const disputeObject = v.looseObject({
  id: v.string(),
  payment_intent: v.optional(v.nullable(reference), null),
  charge: v.optional(v.nullable(reference), null),
  amount: cents,
  status: v.string(),
  reason: v.optional(v.nullable(v.string()), null),
});

export function readObject<S extends v.GenericSchema>(
  schema: S,
  object: unknown,
  type: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, object);
  if (!result.success)
    throw new BadRequest(`The ${type} event's object is not what Stripe sends`, [
      ...result.issues.map((i) => ({
        field: `data.object${i.path?.map((p) => `.${String(p.key)}`).join('') ?? ''}`,
        message: i.message,
      })),
    ]);
  return result.output;
}

/** The invoice id Stripe echoes from the intent's metadata (set by the payment script), if any. */
export function metadataInvoiceId(meta: Record<string, string> | null | undefined): number | null {
  const raw = meta?.invoiceId;
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
