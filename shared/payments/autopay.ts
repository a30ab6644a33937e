/**
 * Autopay's charge (DESIGN.md "The LTR rent cycle", "Money inputs"; docs/tenant-portal.md "Autopay",
 * docs/payments.md "Off-session charges"): the rent run charges an invoice's amount due to the tenant's saved
 * method, off-session, by confirming the invoice's one open PaymentIntent (invoice-intent.ts): the one the
 * tenant's payment page opened, or a new one. The existing webhook settles it like any card payment
 * (`payment_intent.succeeded` with `metadata.invoiceId`); a decline posts nothing.
 */
import type Stripe from 'stripe';
import { now as clockNow } from '../clock.js';
import { AppError, Conflict } from '../errors.js';
import { log } from '../log.js';
import { invoiceIntent } from './invoice-intent.js';
import { CardProcessorFailed, retrievePaymentIntent, type StripeIntent, stripe } from './stripe-api.js';

export interface AutopayCharge {
  tenantId: number;
  stripeCustomerId: string;
  paymentMethodId: string;
  invoiceId: number;
  /** ISO 4217, any case: the site currency. */
  currency: string;
  /**
   * Where a payer would come back to after a redirect (the site's payment page): sent only with an intent made
   * before intents ruled redirects out (stripe-api.ts), which Stripe refuses to confirm without one, even
   * off-session with a saved card (https://docs.stripe.com/api/payment_intents/confirm#confirm_payment_intent-return_url).
   */
  returnUrl: string;
}

export type AutopayOutcome =
  /** Paid (cards): the webhook books it (at once on the local stand-in, within seconds at Stripe). */
  | { outcome: 'succeeded'; paymentIntentId: string; chargedHere: boolean }
  /** Under way (bank debits): `payment_intent.processing`, then succeeded or failed, come to the webhook. */
  | { outcome: 'processing'; paymentIntentId: string; chargedHere: boolean }
  /** Declined, or the bank needs the tenant (authentication): nothing is posted; mail the tenant. */
  | { outcome: 'failed'; paymentIntentId?: string; error: string }
  /**
   * Not charged: nothing is due any more (paid or closed since the run read it), or a payment of the invoice's
   * intent is under way or went through (the tenant paid on the payment page first).
   */
  | { outcome: 'notCharged'; reason: 'nothingDue' | 'paymentUnderWay'; paymentIntentId?: string }
  /** Not charged: the amount due is below the card minimum, which Stripe refuses to charge (tell the tenant). */
  | { outcome: 'belowCardMinimum'; error: string };

/** Stripe could not be asked (unreachable, 5xx, a refusal that is not the card's): try again on a later run. */
export class AutopayUnavailable extends AppError {
  constructor(cause: unknown) {
    super(502, 'Bad Gateway', 'The card processor could not be reached for the autopay charge', { cause });
  }
}

/**
 * The Idempotency-Key of autopay's confirmation of an intent with a saved method: a run repeated (or racing
 * itself) within Stripe's 24 hours gets the first answer again — one charge, a decline answered as the same
 * decline (no second attempt on a declined card) — and another saved method is a new request, never Stripe's
 * `idempotency_error`.
 */
export const autopayIdempotencyKey = (paymentIntentId: string, paymentMethodId: string) =>
  `autopay-${paymentIntentId}-${paymentMethodId}`;

/**
 * Whether Stripe answered this confirmation anew rather than replaying the answer of an earlier request with the
 * same Idempotency-Key (https://docs.stripe.com/api/idempotent_requests: a replay carries the response header
 * `Idempotent-Replayed: true`). Of the runs confirming one intent with one method, only the first charged.
 */
const answeredAnew = (response: Stripe.Response<Stripe.PaymentIntent>): boolean =>
  response.lastResponse?.headers?.['idempotent-replayed'] !== 'true';

/**
 * `chargedHere`: this call's confirmation is the one that charged (false: Stripe replayed another call's answer,
 * or the payment was found under way), so of several runs at once exactly one counts the charge as its own.
 */
function outcomeOf(intent: Stripe.PaymentIntent, chargedHere: boolean): AutopayOutcome {
  if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentIntentId: intent.id, chargedHere };
  if (intent.status === 'processing')
    return { outcome: 'processing', paymentIntentId: intent.id, chargedHere };
  return {
    outcome: 'failed',
    paymentIntentId: intent.id,
    error: intent.last_payment_error?.message ?? `The payment needs the tenant (status ${intent.status})`,
  };
}

/** Whether Stripe refused for the payer's method (a decline, authentication required), not for itself. */
const isPayerRefusal = (error: unknown): error is Stripe.errors.StripeCardError =>
  (error as { type?: string }).type === 'StripeCardError';

/** Stripe refused because the intent is no longer open (paid, processing or canceled meanwhile). */
const movedOn = (error: unknown): boolean =>
  (error as { code?: string }).code === 'payment_intent_unexpected_state';

/**
 * Charges the invoice's amount due now (read again by invoiceIntent: the run's read may be older than a payment
 * the tenant just made) off-session. Throws AutopayUnavailable when Stripe could not be asked (the run tries
 * again later; nothing is charged twice: the same intent and key come back).
 */
export async function chargeAutopay(charge: AutopayCharge, now = clockNow()): Promise<AutopayOutcome> {
  let found: Awaited<ReturnType<typeof invoiceIntent>>;
  try {
    found = await invoiceIntent(
      {
        invoiceId: charge.invoiceId,
        currency: charge.currency.toLowerCase(),
        customer: charge.stripeCustomerId,
        metadata: { autopay: 'true' },
      },
      now,
    );
  } catch (error) {
    if (error instanceof CardProcessorFailed || error instanceof Conflict)
      throw new AutopayUnavailable(error);
    throw error;
  }
  const result =
    found.state === 'notPayable'
      ? ({ outcome: 'notCharged', reason: 'nothingDue' } as const)
      : found.state === 'belowMinimum'
        ? belowMinimum(found.amountCents, found.minimumCents, charge.currency)
        : found.state === 'underWay'
          ? underWay(found.intent, charge)
          : await confirmOffSession(found.intent, charge);
  log('info', 'autopay charge', { invoiceId: charge.invoiceId, outcome: result.outcome });
  return result;
}

/** Why autopay did not charge an amount below the card minimum, in the tenant's words. */
function belowMinimum(amountCents: number, minimumCents: number, currency: string): AutopayOutcome {
  const amount = (cents: number) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return {
    outcome: 'belowCardMinimum',
    error: `Not charged: the amount due, ${amount(amountCents)}, is below the card minimum of ${amount(minimumCents)}; please pay it another way.`,
  };
}

/**
 * A payment of the invoice's intent under way or gone through: autopay's own (this or a concurrent run
 * confirmed it with the saved method) is answered as its charge; the tenant's (paid on the page with another
 * card) is not autopay's.
 */
function underWay(intent: StripeIntent, charge: AutopayCharge): AutopayOutcome {
  if (intent.paymentMethod === charge.paymentMethodId && intent.status === 'succeeded')
    return { outcome: 'succeeded', paymentIntentId: intent.id, chargedHere: false };
  if (intent.paymentMethod === charge.paymentMethodId && intent.status === 'processing')
    return { outcome: 'processing', paymentIntentId: intent.id, chargedHere: false };
  return { outcome: 'notCharged', reason: 'paymentUnderWay', paymentIntentId: intent.id };
}

/**
 * Confirms the invoice's open intent with the saved method, off-session. The payment page's intent has no
 * Customer yet, and Stripe takes a method saved on a Customer only for an intent of that Customer, so it is
 * given the tenant's first. When the tenant confirmed the same intent on the page a moment earlier, Stripe
 * refuses this confirmation (the intent is no longer open): not charged, the tenant's payment stands.
 */
async function confirmOffSession(intent: StripeIntent, charge: AutopayCharge): Promise<AutopayOutcome> {
  const client = await stripe();
  try {
    if (intent.customer !== charge.stripeCustomerId)
      await client.paymentIntents.update(intent.id, { customer: charge.stripeCustomerId });
    const confirmed = await client.paymentIntents.confirm(
      intent.id,
      {
        payment_method: charge.paymentMethodId,
        off_session: true,
        ...(intent.mayRedirect ? { return_url: charge.returnUrl } : {}),
      },
      { idempotencyKey: autopayIdempotencyKey(intent.id, charge.paymentMethodId) },
    );
    return outcomeOf(confirmed, answeredAnew(confirmed));
  } catch (error) {
    if (isPayerRefusal(error)) {
      const intentId = error.payment_intent?.id;
      return { outcome: 'failed', ...(intentId ? { paymentIntentId: intentId } : {}), error: error.message };
    }
    if (movedOn(error)) {
      const now = await retrievePaymentIntent(charge.invoiceId, intent.id).catch((again: unknown) => {
        throw new AutopayUnavailable(again);
      });
      if (now?.status === 'succeeded' || now?.status === 'processing') return underWay(now, charge);
    }
    log('error', 'Stripe autopay charge failed', {
      invoiceId: charge.invoiceId,
      error: (error as Error).message,
      type: (error as { type?: string }).type,
    });
    throw new AutopayUnavailable(error);
  }
}
