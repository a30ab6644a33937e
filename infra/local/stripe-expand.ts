/**
 * `expand` on the Stripe stand-in's answers (https://docs.stripe.com/api/expanding_objects): a request names
 * fields holding an id (`expand[]=latest_charge`), and the answer holds the object instead. The fields the
 * stand-in expands: a PaymentIntent's `latest_charge`, `payment_method` and `customer`, a SetupIntent's
 * `payment_method` and `customer`, a PaymentMethod's `customer`. Another is refused as Stripe refuses a field
 * that cannot be expanded (400, "This property cannot be expanded"), never silently left an id. The stored
 * objects are not changed: the answer is a copy.
 */
import type Stripe from 'stripe';
import { type Answer, stripeError } from './stripe-intent-rules.js';
import { idOf } from './stripe-objects.js';

/** The objects an expansion looks up by id (undefined: none such, the id stays). */
export interface ExpandLookups {
  latestCharge(intentId: string): Stripe.Charge | undefined;
  paymentMethod(id: string): Stripe.PaymentMethod | undefined;
  customer(id: string): Stripe.Customer | undefined;
}

const EXPANDABLE: Readonly<Record<string, readonly string[]>> = {
  payment_intent: ['latest_charge', 'payment_method', 'customer'],
  setup_intent: ['payment_method', 'customer'],
  payment_method: ['customer'],
};

/** The `expand` parameter's fields (`expand[0]=a&expand[1]=b`, `expand[]=a`). */
export const expandFields = (expand: unknown): string[] =>
  expand && typeof expand === 'object' ? Object.values(expand).map(String) : [];

/** The answer with the fields `expand` names as objects; a field it cannot expand is Stripe's 400. */
export function expandAnswer(answer: Answer, expand: unknown, lookups: ExpandLookups): Answer {
  const fields = expandFields(expand);
  if (fields.length === 0 || answer.status !== 200) return answer;
  const object = answer.answer as Record<string, unknown> & { object?: string; id?: string };
  const allowed = EXPANDABLE[String(object.object)] ?? [];
  const copy: Record<string, unknown> = { ...object };
  for (const field of fields) {
    if (!allowed.includes(field))
      return stripeError(400, 'invalid_request_error', `This property cannot be expanded (${field}).`);
    const id = idOf(copy[field] as string | null);
    if (!id) continue;
    const found =
      field === 'latest_charge'
        ? lookups.latestCharge(String(object.id))
        : field === 'payment_method'
          ? lookups.paymentMethod(id)
          : lookups.customer(id);
    if (found) copy[field] = found;
  }
  return { ...answer, answer: copy };
}
