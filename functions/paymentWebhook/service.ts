/**
 * What a Stripe event does (DESIGN.md "Stripe", "Invoice status after payment events"; docs/payments.md).
 * Every effect is ONE transaction with the event's once-item (I7), so a repeat — sequential or concurrent —
 * fails on that item and changes nothing; the money itself is settled by the ledger's parts (shared/workflows/ledger:
 * payment, journal entry, header figures and status conditioned on the version read, change items with the
 * events), and an intent's I8 item is conditioned too, so no intent is settled twice and no refund counted
 * twice even under two different event ids. Events that change nothing are still recorded with their outcome.
 * Money the books cannot take changes nothing either: it is kept on the invoice as an anomaly (anomalies.ts).
 */
import type * as v from 'valibot';
import { noWait } from '../../shared/backoff.js';
import {
  getIntent,
  intentChangedMeanwhile,
  keepAnomalyIntentPart,
  refundIntentPart,
  settleIntentPart,
} from '../../shared/data/payment-intents-repo.js';
import { getSettings, siteToday } from '../../shared/data/settings-repo.js';
import { eventSeenBefore, getStripeEvent } from '../../shared/data/stripe-events-repo.js';
import { retryStale } from '../../shared/db/optimistic.js';
import type { TxPart } from '../../shared/db/transaction.js';
import {
  type PaymentAnomalyKind,
  receivedAnomaly,
  refundAnomaly,
  refundTotalFollows,
} from '../../shared/domain/payments/anomaly.js';
import { Conflict } from '../../shared/errors.js';
import { log } from '../../shared/log.js';
import { pausedForRetry, type RetryPolicy } from '../../shared/retry-policy.js';
import { applySettlement } from '../../shared/workflows/ledger/apply.js';
import { disputeParts, processingParts } from '../../shared/workflows/ledger/card-events.js';
import { readMoneyDocument } from '../../shared/workflows/ledger/document.js';
import { type SettlementInput, SettlementRefused } from '../../shared/workflows/ledger/settlement.js';
import { keepAnomaly } from './anomalies.js';
import { commitOnce, type EventContext, onceItem, type StripeEvent, type Target } from './event-once.js';
import { type HandledStripeEvent, isHandledStripeEvent } from './handled-events.js';
import { settleDueRefundRest } from './overpayment.js';
import { setupSucceeded } from './setup-intent.js';
import {
  chargeObject,
  disputeObject,
  intentObject,
  metadataInvoiceId,
  readObject,
} from './stripe-objects.js';

type Context = EventContext;
type Charge = v.InferOutput<typeof chargeObject>;

export interface WebhookAnswer {
  received: true;
  eventId: string;
  outcome: string;
}

/** A refund that lost to another refund event of its payment re-reads the intent, five tries in all, then a 409. */
const REFUND_RETRY: RetryPolicy = { maxTries: 5, backoff: noWait };

export async function handleStripeEvent(
  event: StripeEvent,
  requestId: string,
  now: Date,
): Promise<WebhookAnswer> {
  // The cheap answer to a plain repeat; a concurrent repeat is caught by the once-item in the transaction.
  const outcome = (await getStripeEvent(event.id))
    ? 'duplicate'
    : await dispatch({ event, by: { actor: 'system:stripe', requestId }, now });
  log('info', 'stripe event', { eventId: event.id, type: event.type, outcome });
  return { received: true, eventId: event.id, outcome };
}

/** What each handled event type does: keyed by the one list the Stripe endpoint is subscribed to. */
const HANDLERS: Readonly<Record<HandledStripeEvent, (ctx: Context) => Promise<string>>> = {
  'payment_intent.processing': processing,
  'payment_intent.succeeded': succeeded,
  'charge.refunded': refunded,
  'charge.dispute.created': disputed,
  'charge.dispute.updated': disputed,
  'charge.dispute.closed': disputed,
  'charge.dispute.funds_withdrawn': disputed,
  'charge.dispute.funds_reinstated': disputed,
  'setup_intent.succeeded': setupSucceeded,
};

function dispatch(ctx: Context): Promise<string> {
  const { type } = ctx.event;
  if (isHandledStripeEvent(type)) return HANDLERS[type](ctx);
  // Stripe sends what the endpoint subscribed to and more over time: answered, never retried, nothing done.
  return Promise.resolve('ignored');
}

async function resolve(paymentIntentId: string | null, meta?: Record<string, string> | null) {
  const intent = paymentIntentId ? await getIntent(paymentIntentId) : undefined;
  const invoiceId = intent?.invoiceId ?? metadataInvoiceId(meta);
  return { intent, target: { paymentIntentId, invoiceId } satisfies Target };
}

/** payment_intent.processing → 3 on an unpaid invoice, naming the intent in flight (anything else is left). */
async function processing(ctx: Context): Promise<string> {
  const intent = readObject(intentObject, ctx.event.data.object, ctx.event.type);
  const { target } = await resolve(intent.id, intent.metadata);
  const invoiceId = target.invoiceId;
  if (invoiceId === null) return commitOnce(ctx, target, 'unknownInvoice');
  return retryStale(`Invoice ${invoiceId}`, async () => {
    const doc = await readMoneyDocument('invoice', invoiceId);
    if (!doc) return commitOnce(ctx, target, 'unknownInvoice');
    const parts = processingParts(doc, intent.id, ctx.by, ctx.now);
    return commitOnce(ctx, target, parts.length ? 'processing' : 'unchanged', parts, 'processing:invoice');
  });
}

/** Settles a card payment or refund on the invoice with the given extra parts (throws SettlementRefused). */
async function settleCard(
  ctx: Context,
  target: Target & { invoiceId: number },
  input: Pick<SettlementInput, 'amountCents' | 'reference'>,
  outcome: string,
  extra: TxPart[],
): Promise<string> {
  const applied = await applySettlement(
    'invoice',
    target.invoiceId,
    {
      ...input,
      method: 'card',
      date: await siteToday(ctx.now),
      source: 'processor',
      by: ctx.by,
      now: ctx.now,
    },
    () => [...extra, onceItem(ctx, target, outcome)],
  );
  return applied ? outcome : commitOnce(ctx, target, 'unknownInvoice');
}

/**
 * payment_intent.succeeded → the settled card payment (1 when fully paid), once per intent; more than is due is
 * settled for what was due and the rest refunded at once (overpayment.ts); a payment the books cannot take
 * (another currency, more than the intent asked, a cancelled booking) is kept as an anomaly instead (anomalies.ts).
 */
async function succeeded(ctx: Context): Promise<string> {
  const intent = readObject(intentObject, ctx.event.data.object, ctx.event.type);
  const { intent: known, target } = await resolve(intent.id, intent.metadata);
  const invoiceId = target.invoiceId;
  if (invoiceId === null) return commitOnce(ctx, target, 'unknownInvoice');
  if (known?.settledAt)
    return commitOnce(ctx, target, known.anomaly ? 'anomalyAlreadyKept' : 'alreadySettled');
  if (intent.amount_received === 0) return commitOnce(ctx, target, 'nothingReceived');
  const invoiceTarget = { ...target, invoiceId };
  const keep = (kind: PaymentAnomalyKind, detail: string) =>
    keepAnomaly(
      ctx,
      invoiceTarget,
      {
        kind,
        detail,
        paymentIntentId: intent.id,
        chargeId: null,
        amountCents: intent.amount_received,
        currency: intent.currency,
      },
      keepAnomalyIntentPart(intent.id, invoiceId, intent.amount_received, intent.currency, kind, ctx.now),
    );
  try {
    const site = (await getSettings()).paymentCurrency;
    const before = receivedAnomaly(
      { currency: intent.currency, amountCents: intent.amount, receivedCents: intent.amount_received },
      site,
    );
    if (before) return await keep(before.kind, before.detail);
    const settleIntent = settleIntentPart(
      intent.id,
      invoiceId,
      intent.amount_received,
      intent.currency,
      ctx.now,
    );
    const settleReceived = (amountCents: number, outcome: string, extra: TxPart[]) =>
      settleCard(ctx, invoiceTarget, { amountCents, reference: intent.id }, outcome, extra);
    return await settledOrKept(
      () => settleReceived(intent.amount_received, 'settled', [settleIntent]),
      keep,
      () =>
        // More than is due: what was due is settled, the rest refunded at once (overpayment.ts).
        settleDueRefundRest(
          ctx,
          invoiceTarget,
          { paymentIntentId: intent.id, receivedCents: intent.amount_received, currency: intent.currency },
          settleReceived,
        ),
    );
  } catch (error) {
    if (eventSeenBefore(error)) return 'duplicate';
    // Another event (another id) settled this intent, or kept it as an anomaly, first.
    if (intentChangedMeanwhile(error)) return commitOnce(ctx, target, 'alreadySettled');
    throw error;
  }
}

/**
 * charge.refunded → a refund of what is new since the last one (Stripe's amount_refunded is a running
 * total); 2 when fully refunded. A refund whose payment is not recorded yet (events arrive in any order) is
 * a 409, and Stripe delivers it again later. A refund the books cannot take (beyond what the charge paid,
 * below 0 paid on the invoice, of a payment that was itself an anomaly) is kept as an anomaly.
 */
async function refunded(ctx: Context): Promise<string> {
  const charge = readObject(chargeObject, ctx.event.data.object, ctx.event.type);
  for (let tries = 1; ; tries++) {
    const outcome = await refundAttempt(ctx, charge);
    if (outcome !== undefined) return outcome;
    if (!(await pausedForRetry(REFUND_RETRY, tries)))
      throw new Conflict('Refunds of this payment are being recorded at the same moment; retry');
  }
}

/** One try of a refund: its outcome, or undefined when another refund event moved the intent's total first. */
async function refundAttempt(ctx: Context, charge: Charge): Promise<string | undefined> {
  const { intent, target } = await resolve(charge.payment_intent, charge.metadata);
  const invoiceId = target.invoiceId;
  if (invoiceId === null) return commitOnce(ctx, target, 'unknownInvoice');
  if (!intent?.settledAt)
    throw new Conflict(
      'The refunded payment is not recorded yet (its succeeded event has not arrived); retry later',
    );
  const newCents = charge.amount_refunded - intent.refundedCents;
  if (newCents <= 0) return commitOnce(ctx, target, 'refundAlreadyRecorded');
  const invoiceTarget = { ...target, invoiceId };
  const refundIntent = refundIntentPart(intent.paymentIntentId, intent.refundedCents, charge.amount_refunded);
  const keep = (kind: PaymentAnomalyKind, detail: string) =>
    keepAnomaly(
      ctx,
      invoiceTarget,
      {
        kind,
        detail,
        paymentIntentId: intent.paymentIntentId,
        chargeId: charge.id,
        amountCents: newCents,
        currency: charge.currency,
      },
      refundTotalFollows(kind) ? refundIntent : null,
    );
  try {
    const before = refundAnomaly({
      amountRefundedCents: charge.amount_refunded,
      amountCapturedCents: charge.amount_captured,
      // What the charge paid that the books account for: the settled payment and the excess refunded at once.
      settledCents: (intent.settledCents ?? 0) + (intent.excessCents ?? 0),
      paymentWasAnomaly: intent.anomaly !== undefined,
    });
    if (before) return await keep(before.kind, before.detail);
    return await settledOrKept(
      () =>
        settleCard(ctx, invoiceTarget, { amountCents: -newCents, reference: charge.id }, 'refunded', [
          refundIntent,
        ]),
      keep,
    );
  } catch (error) {
    if (eventSeenBefore(error)) return 'duplicate';
    if (intentChangedMeanwhile(error)) return undefined; // another refund event landed: count from its total
    throw error;
  }
}

/**
 * Settles the money, or keeps it as an anomaly when the ledger refuses it (docs/payments.md "Anomalies"); a
 * payment beyond the amount due goes to `overpaid` when given (the due settled, the rest refunded).
 */
async function settledOrKept(
  settle: () => Promise<string>,
  keep: (kind: PaymentAnomalyKind, detail: string) => Promise<string>,
  overpaid?: () => Promise<string>,
): Promise<string> {
  try {
    return await settle();
  } catch (error) {
    if (!(error instanceof SettlementRefused)) throw error;
    if (error.refusal === 'overpayment' && overpaid) return settledOrKept(overpaid, keep);
    return keep(error.refusal, error.message);
  }
}

/** charge.dispute.* → recorded on the invoice and announced (invoice.disputed); the status is unchanged. */
async function disputed(ctx: Context): Promise<string> {
  const dispute = readObject(disputeObject, ctx.event.data.object, ctx.event.type);
  const { target } = await resolve(dispute.payment_intent, null);
  const invoiceId = target.invoiceId;
  const doc = invoiceId === null ? undefined : await readMoneyDocument('invoice', invoiceId);
  if (!doc) return commitOnce(ctx, target, 'unknownInvoice');
  const parts = disputeParts(
    doc,
    { disputeId: dispute.id, status: dispute.status, amountCents: dispute.amount, reason: dispute.reason },
    ctx.by,
    ctx.now,
  );
  return commitOnce(ctx, target, 'disputeRecorded', parts);
}
