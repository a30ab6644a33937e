/**
 * One card payment per invoice at a time (DESIGN.md "Money inputs"; docs/payments.md "One card payment per
 * invoice at a time"): the payment page and autopay both take an invoice's PaymentIntent from here, so neither
 * ever makes a second one beside an intent someone can still pay.
 *
 * The invoice's latest intent (I10) is the only one that may be open. It is asked of Stripe as it is now, and
 * the invoice's header is read after it (so a payment of that intent that is booked already shows in the amount
 * due: never a second intent for an amount that was just paid). The intent is answered again while it is open
 * for the amount due; a payment of it under way (or gone through and not booked yet) is answered as such, never
 * with a second intent; one open for another amount is cancelled at Stripe first. Only then is a new intent
 * made, and it becomes the invoice's latest only if I10 still names what was read (payment-intents-repo.ts
 * rememberIntent): of two made at the same moment (a tenant opening the page while the rent run charges), one
 * wins, and the other's maker cancels its own — nobody ever saw its client secret — and takes the winner's.
 * Whoever then confirms the one intent first pays; Stripe refuses the other confirmation (the intent
 * succeeded), so the invoice is charged once.
 */

import { readHeader } from '../data/money-documents-repo.js';
import {
  getIntent,
  latestIntentOf,
  rememberIntent,
  rememberIntentAmount,
} from '../data/payment-intents-repo.js';
import { amountDueCents } from '../domain/money-document/figures.js';
import { INVOICE_STATUS } from '../domain/money-document/kind.js';
import type { InvoiceRecord } from '../domain/money-document/record.js';
import { cardMinimumCents } from '../domain/payments/card-minimum.js';
import { isOpenIntent, isPayable, nextIntentStep } from '../domain/payments/card-payment.js';
import { Conflict } from '../errors.js';
import { log } from '../log.js';
import {
  cancelPaymentIntent,
  createPaymentIntent,
  retrievePaymentIntent,
  type StripeIntent,
  updateIntentAmount,
} from './stripe-api.js';

export interface IntentRequest {
  invoiceId: number;
  /** The site currency, lower-case. */
  currency: string;
  /** The payer's e-mail for a new intent's receipt (the payment page). */
  receiptEmail?: string | undefined;
  /** The tenant's Stripe Customer on a new intent (autopay charges a method saved on it). */
  customer?: string | undefined;
  /** More metadata of a new intent (autopay marks its own). */
  metadata?: Record<string, string>;
}

export type InvoiceIntent =
  /** The intent to pay: open for the invoice's amount due (`made`: new here). */
  | { state: 'open'; intent: StripeIntent; made: boolean }
  /** A payment of the invoice's intent is processing, or succeeded and is not booked yet: none is made. */
  | { state: 'underWay'; status: 'processing' | 'succeeded'; intent: StripeIntent }
  /** The invoice takes no payment now (paid, closed, nothing due; undefined: no such invoice). */
  | { state: 'notPayable'; invoice: InvoiceRecord | undefined }
  /**
   * The amount due is below the smallest card charge of the currency (card-minimum.ts): Stripe would refuse the
   * intent (`amount_too_small`), so none is asked for; an open one for an older amount is cancelled.
   */
  | { state: 'belowMinimum'; amountCents: number; minimumCents: number };

/** Rounds of read, decide, write before giving up (each lost round means another caller's intent landed). */
const ROUNDS = 4;

/** The intent that pays the invoice's amount due now (see above). Stripe failing: CardProcessorFailed (502). */
export async function invoiceIntent(request: IntentRequest, now: Date): Promise<InvoiceIntent> {
  for (let round = 1; round <= ROUNDS; round++) {
    const found = await oneRound(request, now);
    if (found) return found;
  }
  throw new Conflict(
    `Card payments of invoice ${request.invoiceId} are being started at the same moment; please try again`,
  );
}

/** Read, decide, write once: the invoice's intent, or undefined when another caller changed it meanwhile. */
async function oneRound(request: IntentRequest, now: Date): Promise<InvoiceIntent | undefined> {
  const { invoiceId } = request;
  const latest = await latestIntentOf(invoiceId);
  const current = latest ? await retrievePaymentIntent(invoiceId, latest.paymentIntentId) : undefined;
  const booked = current?.status === 'succeeded' && (await getIntent(current.id))?.settledAt !== undefined;
  // Read after the intent: its payment, once booked, is in these figures (one transaction wrote both).
  const invoice = (await readHeader('invoice', invoiceId))?.record;
  if (!invoice || !isPayable(invoice)) return { state: 'notPayable', invoice };
  const amountCents = amountDueCents(invoice);
  const step = nextIntentStep(current, booked, amountCents, request.currency);
  if (current && step.kind === 'use') return { state: 'open', intent: current, made: false };
  if (current && step.kind === 'underWay') return { state: 'underWay', status: step.status, intent: current };
  if (current && step.kind === 'cancelFirst') {
    const after = await cancelPaymentIntent(invoiceId, current.id, 'abandoned');
    // It was paid (or went into processing) before Stripe could cancel it: decide again from what it is now.
    if (after && after.status !== 'canceled') return undefined;
  }
  const minimumCents = cardMinimumCents(request.currency);
  if (minimumCents !== undefined && amountCents < minimumCents)
    return { state: 'belowMinimum', amountCents, minimumCents };
  const made = await createPaymentIntent({
    invoiceId,
    amountCents,
    currency: request.currency,
    metadata: {
      invoiceId: String(invoiceId),
      ...(invoice.tenantId === null ? {} : { tenantId: String(invoice.tenantId) }),
      ...request.metadata,
    },
    receiptEmail: request.receiptEmail,
    customer: request.customer,
  });
  const remembered = await rememberIntent(
    { paymentIntentId: made.id, invoiceId, amountCents: made.amountCents, currency: request.currency },
    now,
    latest?.paymentIntentId ?? null,
  );
  if (remembered) return { state: 'open', intent: made, made: true };
  await cancelUnused(invoiceId, made.id);
  return undefined;
}

/**
 * An intent made for an invoice that another caller's intent became the latest of first: cancelled at Stripe.
 * Its client secret never left this process, so if Stripe cannot be asked nobody can pay it anyway; that is
 * logged, not failed.
 */
async function cancelUnused(invoiceId: number, paymentIntentId: string): Promise<void> {
  try {
    await cancelPaymentIntent(invoiceId, paymentIntentId, 'duplicate');
  } catch (error) {
    log('warn', 'an unused PaymentIntent could not be cancelled (nobody holds its client secret)', {
      invoiceId,
      paymentIntentId,
      error: (error as Error).message,
    });
  }
}

/** What became of the invoice's latest intent when its amount due moved. */
export type IntentInStep = 'none' | 'inStep' | 'updated' | 'canceled' | 'notOpen';

/**
 * The invoice's amount due moved (a payment, recorded or by card, a refund, a line or a rate changed, a cancel):
 * its latest intent, while nobody has paid it, is brought in step at Stripe, so a payer holding an older page
 * never pays the old amount. Nothing is due any more (paid, closed, refunded) → cancelled (`duplicate` when paid,
 * else `abandoned`); an amount below the card minimum → cancelled (Stripe would not charge it: the payment
 * script says so); another amount → the intent's `amount` updated (Stripe allows it while the intent is
 * `requires_*`, https://docs.stripe.com/api/payment_intents/update). Run by a job after the change committed
 * (functions/payments/open-intent-cancel.ts), at least once and in any order: it reads the invoice and the
 * intent as they are now, so doing it twice changes nothing. An intent that succeeded or is processing is left
 * (its payment reaches the books through the webhook; one beyond the amount due is refunded there). Stripe
 * failing throws (the job retries).
 */
export async function keepIntentInStep(invoiceId: number, currency: string): Promise<IntentInStep> {
  const latest = await latestIntentOf(invoiceId);
  if (!latest) return 'none';
  const current = await retrievePaymentIntent(invoiceId, latest.paymentIntentId);
  if (!current || !isOpenIntent(current.status)) return 'notOpen';
  // Read after the intent, as invoiceIntent does: a payment of it booked already is in these figures.
  const invoice = (await readHeader('invoice', invoiceId))?.record;
  const dueCents = invoice && isPayable(invoice) ? amountDueCents(invoice) : 0;
  const minimumCents = cardMinimumCents(current.currency) ?? 1;
  if (dueCents < minimumCents || current.currency.toLowerCase() !== currency.toLowerCase()) {
    const reason = invoice?.status === INVOICE_STATUS.paid ? 'duplicate' : 'abandoned';
    const after = await cancelPaymentIntent(invoiceId, current.id, reason);
    return after?.status === 'canceled' ? 'canceled' : 'notOpen';
  }
  if (current.amountCents === dueCents) return 'inStep';
  const updated = await updateIntentAmount(invoiceId, current.id, dueCents);
  if (!updated) return 'notOpen';
  await rememberIntentAmount(current.id, invoiceId, dueCents);
  return 'updated';
}
