/**
 * The Stripe event-once rule (docs/payments.md "The webhook"): every effect of an event commits with its I7
 * item `once:stripeEvent <id>` (put-if-absent), so a repeat — later or at the same moment — fails on it and
 * writes nothing; events that change nothing commit the item alone, with their outcome.
 */
import type * as v from 'valibot';
import { eventOncePart, eventSeenBefore } from '../../shared/data/stripe-events-repo.js';
import { StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import type { stripeEventBody } from './routes.js';

export type StripeEvent = v.InferOutput<typeof stripeEventBody>;

/** One event being handled: the event, its actor (`system:stripe` with the request id) and the request's clock. */
export interface EventContext {
  event: StripeEvent;
  by: Actor;
  now: Date;
}

/** The intent and invoice an event is about, as far as known. */
export interface Target {
  paymentIntentId: string | null;
  invoiceId: number | null;
}

/** The event's I7 item with what it did. */
export const onceItem = (ctx: EventContext, target: Target, outcome: string): TxPart =>
  eventOncePart({
    eventId: ctx.event.id,
    type: ctx.event.type,
    ...target,
    outcome,
    receivedAt: ctx.now.toISOString(),
  });

/**
 * Commits the parts with the event's once-item and answers the outcome; a repeat is 'duplicate', a failed
 * `staleLabel` part (a version read before a rival write) is StaleRecord for the caller's retry loop, anything
 * else is thrown as it is.
 */
export async function commitOnce(
  ctx: EventContext,
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
