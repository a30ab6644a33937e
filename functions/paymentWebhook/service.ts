/**
 * What a Stripe event does (DESIGN.md "Stripe", "Invoice status after payment events"; docs/payments.md).
 * Every effect is ONE transaction with the event's once-item (I7), so a repeat — sequential or concurrent —
 * fails on that item and changes nothing; the money itself is settled by the ledger's parts (shared/workflows/ledger:
 * payment, journal entry, header figures and status conditioned on the version read, change items with the
 * events), and an intent's I8 item is conditioned too, so no intent is settled twice and no refund counted
 * twice even under two different event ids. Events that change nothing are still recorded with their outcome.
 */
import type * as v from 'valibot';
import {
  getIntent,
  intentChangedMeanwhile,
  refundIntentPart,
  settleIntentPart,
} from '../../shared/data/payment-intents-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { eventOncePart, eventSeenBefore, getStripeEvent } from '../../shared/data/stripe-events-repo.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { Conflict } from '../../shared/errors.js';
import { log } from '../../shared/log.js';
import { applySettlement } from '../../shared/workflows/ledger/apply.js';
import { disputeParts, processingParts } from '../../shared/workflows/ledger/card-events.js';
import { readMoneyDocument } from '../../shared/workflows/ledger/document.js';
import { type SettlementInput, SettlementRefused } from '../../shared/workflows/ledger/settlement.js';
import type { stripeEventBody } from './routes.js';
import {
  chargeObject,
  disputeObject,
  intentObject,
  metadataInvoiceId,
  readObject,
} from './stripe-objects.js';

type StripeEvent = v.InferOutput<typeof stripeEventBody>;

interface Context {
  event: StripeEvent;
  by: Actor;
  now: Date;
}

/** The intent and invoice an event is about, as far as known. */
interface Target {
  paymentIntentId: string | null;
  invoiceId: number | null;
}

export interface WebhookAnswer {
  received: true;
  eventId: string;
  outcome: string;
}

/** A refund waits for its payment this many times (re-reading the intent) before answering 409. */
const REFUND_ATTEMPTS = 5;

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

function dispatch(ctx: Context): Promise<string> {
  const { type } = ctx.event;
  if (type === 'payment_intent.processing') return processing(ctx);
  if (type === 'payment_intent.succeeded') return succeeded(ctx);
  if (type === 'charge.refunded') return refunded(ctx);
  if (type.startsWith('charge.dispute.')) return disputed(ctx);
  // Stripe sends what the endpoint subscribed to and more over time: answered, never retried, nothing done.
  return Promise.resolve('ignored');
}

const onceItem = (ctx: Context, target: Target, outcome: string) =>
  eventOncePart({
    eventId: ctx.event.id,
    type: ctx.event.type,
    ...target,
    outcome,
    receivedAt: ctx.now.toISOString(),
  });

/** Commits the parts with the event's once-item; a repeat is 'duplicate', a stale read is retried by the caller. */
async function commitOnce(
  ctx: Context,
  target: Target,
  outcome: string,
  parts: readonly TxPart[] = [],
  staleLabel?: string,
): Promise<string> {
  try {
    await commit([...parts, onceItem(ctx, target, outcome)]);
    return outcome;
  } catch (error) {
    if (eventSeenBefore(error)) return 'duplicate';
    if (staleLabel && error instanceof TransactionFailed && error.conditionFailed(staleLabel))
      throw new StaleRecord();
    throw error;
  }
}

async function resolve(paymentIntentId: string | null, meta?: Record<string, string> | null) {
  const intent = paymentIntentId ? await getIntent(paymentIntentId) : undefined;
  const invoiceId = intent?.invoiceId ?? metadataInvoiceId(meta);
  return { intent, target: { paymentIntentId, invoiceId } satisfies Target };
}

const siteToday = async (now: Date) => todayIn((await getSettings()).systemTimeZone, now);

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

/** Settles a card payment or refund on the invoice with the given extra parts; maps the refusals. */
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

/** payment_intent.succeeded → the settled card payment (1 when fully paid), once per intent. */
async function succeeded(ctx: Context): Promise<string> {
  const intent = readObject(intentObject, ctx.event.data.object, ctx.event.type);
  const { intent: known, target } = await resolve(intent.id, intent.metadata);
  const invoiceId = target.invoiceId;
  if (invoiceId === null) return commitOnce(ctx, target, 'unknownInvoice');
  if (known?.settledAt) return commitOnce(ctx, target, 'alreadySettled');
  if (intent.amount_received === 0) return commitOnce(ctx, target, 'nothingReceived');
  const settleIntent = settleIntentPart(
    intent.id,
    invoiceId,
    intent.amount_received,
    intent.currency,
    ctx.now,
  );
  try {
    return await settleCard(
      ctx,
      { ...target, invoiceId },
      { amountCents: intent.amount_received, reference: intent.id },
      'settled',
      [settleIntent],
    );
  } catch (error) {
    if (eventSeenBefore(error)) return 'duplicate';
    // Another event (another id) settled this intent first.
    if (intentChangedMeanwhile(error)) return commitOnce(ctx, target, 'alreadySettled');
    return refusedOr(ctx, target, error);
  }
}

/**
 * charge.refunded → a refund of what is new since the last one (Stripe's amount_refunded is a running
 * total); 2 when fully refunded. A refund whose payment is not recorded yet (events arrive in any order) is
 * a 409, and Stripe delivers it again later.
 */
async function refunded(ctx: Context): Promise<string> {
  const charge = readObject(chargeObject, ctx.event.data.object, ctx.event.type);
  for (let attempt = 1; attempt <= REFUND_ATTEMPTS; attempt++) {
    const { intent, target } = await resolve(charge.payment_intent, charge.metadata);
    const invoiceId = target.invoiceId;
    if (invoiceId === null) return commitOnce(ctx, target, 'unknownInvoice');
    if (!intent?.settledAt)
      throw new Conflict(
        'The refunded payment is not recorded yet (its succeeded event has not arrived); retry later',
      );
    const newCents = charge.amount_refunded - intent.refundedCents;
    if (newCents <= 0) return commitOnce(ctx, target, 'refundAlreadyRecorded');
    const refundIntent = refundIntentPart(
      intent.paymentIntentId,
      intent.refundedCents,
      charge.amount_refunded,
    );
    try {
      return await settleCard(
        ctx,
        { ...target, invoiceId },
        { amountCents: -newCents, reference: charge.id },
        'refunded',
        [refundIntent],
      );
    } catch (error) {
      if (eventSeenBefore(error)) return 'duplicate';
      if (intentChangedMeanwhile(error)) continue; // another refund event landed: count from its total
      return refusedOr(ctx, target, error);
    }
  }
  throw new Conflict('Refunds of this payment are being recorded at the same moment; retry');
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

/** The ledger refused the money (it cannot be right, e.g. a zero amount): recorded as such, not retried. */
function refusedOr(ctx: Context, target: Target, error: unknown): Promise<string> {
  if (!(error instanceof SettlementRefused)) throw error;
  log('warn', 'stripe event refused by the ledger', { eventId: ctx.event.id, refusal: error.refusal });
  return commitOnce(ctx, target, `refused:${error.refusal}`);
}
