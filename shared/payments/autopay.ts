/**
 * Autopay's charge (DESIGN.md "The LTR rent cycle", docs/tenant-portal.md "Autopay", docs/payments.md
 * "Off-session charges"): the rent run charges an invoice's amount due to the tenant's saved method,
 * off-session. The existing webhook settles it like any card payment (`payment_intent.succeeded` with
 * `metadata.invoiceId`); a decline posts nothing.
 */
import type Stripe from 'stripe';
import { rememberIntent } from '../data/payment-intents-repo.js';
import { AppError } from '../errors.js';
import { log } from '../log.js';
import { stripe } from './stripe-api.js';

export interface AutopayCharge {
  tenantId: number;
  stripeCustomerId: string;
  paymentMethodId: string;
  invoiceId: number;
  /** The amount due, in cents of `currency` (> 0). */
  amountCents: number;
  /** ISO 4217, any case. */
  currency: string;
}

export type AutopayOutcome =
  /** Paid (cards): the webhook books it (at once on the local stand-in, within seconds at Stripe). */
  | { outcome: 'succeeded'; paymentIntentId: string }
  /** Under way (bank debits): `payment_intent.processing`, then succeeded or failed, come to the webhook. */
  | { outcome: 'processing'; paymentIntentId: string }
  /** Declined, or the bank needs the tenant (authentication): nothing is posted; mail the tenant. */
  | { outcome: 'failed'; paymentIntentId?: string; error: string };

/** Stripe could not be asked (unreachable, 5xx, a refusal that is not the card's): try again on a later run. */
export class AutopayUnavailable extends AppError {
  constructor(cause: unknown) {
    super(502, 'Bad Gateway', 'The card processor could not be reached for the autopay charge', { cause });
  }
}

/**
 * The Idempotency-Key of an invoice's charge: per invoice, amount and method, so a run repeated (or racing
 * itself) within Stripe's 24 hours gets the first answer again — one PaymentIntent, a decline answered as a
 * decline — and never a second charge; another amount (after a part payment) or another saved method is a
 * new request, not Stripe's `idempotency_error`.
 */
export const autopayIdempotencyKey = (
  c: Pick<AutopayCharge, 'invoiceId' | 'amountCents' | 'paymentMethodId'>,
) => `autopay-invoice-${c.invoiceId}-${c.amountCents}-${c.paymentMethodId}`;

function outcomeOf(intent: Stripe.PaymentIntent): AutopayOutcome {
  if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentIntentId: intent.id };
  if (intent.status === 'processing') return { outcome: 'processing', paymentIntentId: intent.id };
  return {
    outcome: 'failed',
    paymentIntentId: intent.id,
    error: intent.last_payment_error?.message ?? `The payment needs the tenant (status ${intent.status})`,
  };
}

/** Whether Stripe refused for the payer's method (a decline, authentication required), not for itself. */
const isPayerRefusal = (error: unknown): error is Stripe.errors.StripeCardError =>
  (error as { type?: string }).type === 'StripeCardError';

/**
 * Charges the amount due off-session (`off_session`, `confirm`), the invoice named in `metadata.invoiceId` (as
 * the webhook's settlement expects) and the intent remembered as the invoice's (I8, I10), so the payment page
 * answers this intent again rather than a second one while it is processing. Throws AutopayUnavailable when
 * Stripe could not be asked (the run tries again later: the key makes that safe).
 */
export async function chargeAutopay(charge: AutopayCharge, now = new Date()): Promise<AutopayOutcome> {
  if (!Number.isInteger(charge.amountCents) || charge.amountCents <= 0)
    throw new Error(`chargeAutopay: ${charge.amountCents} is no amount to charge`);
  const currency = charge.currency.toLowerCase();
  const client = await stripe();
  let result: AutopayOutcome;
  try {
    const intent = await client.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency,
        customer: charge.stripeCustomerId,
        payment_method: charge.paymentMethodId,
        off_session: true,
        confirm: true,
        description: `Invoice ${charge.invoiceId} (autopay)`,
        metadata: {
          invoiceId: String(charge.invoiceId),
          tenantId: String(charge.tenantId),
          autopay: 'true',
        },
      },
      { idempotencyKey: autopayIdempotencyKey(charge) },
    );
    result = outcomeOf(intent);
  } catch (error) {
    if (!isPayerRefusal(error)) {
      log('error', 'Stripe autopay charge failed', {
        invoiceId: charge.invoiceId,
        error: (error as Error).message,
        type: (error as { type?: string }).type,
      });
      throw new AutopayUnavailable(error);
    }
    const intentId = error.payment_intent?.id;
    result = { outcome: 'failed', ...(intentId ? { paymentIntentId: intentId } : {}), error: error.message };
  }
  if (result.paymentIntentId)
    await rememberIntent(
      {
        paymentIntentId: result.paymentIntentId,
        invoiceId: charge.invoiceId,
        amountCents: charge.amountCents,
        currency,
      },
      now,
    );
  log('info', 'autopay charge', { invoiceId: charge.invoiceId, outcome: result.outcome });
  return result;
}
