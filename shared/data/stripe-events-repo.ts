/**
 * Stripe events processed (docs/data-model.md I7): `STRIPEEVENT#<eventId> / STRIPEEVENT`, put-if-absent in
 * the same transaction as the event's effect, so an event delivered twice, or twice at once, acts once: the
 * second transaction fails on this part and changes nothing. The item says what the event did (`outcome`),
 * also for events that changed nothing (an unknown invoice), so an operator can see every delivery that
 * counted. Kept like the payments themselves (one per money event, no TTL).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';

export interface StripeEventRecord {
  eventId: string;
  type: string;
  paymentIntentId: string | null;
  invoiceId: number | null;
  /** What it did: settled, refunded, processing, disputeRecorded, unknownInvoice, alreadySettled … */
  outcome: string;
  receivedAt: string;
}

const ONCE_LABEL = 'once:stripeEvent';

/** `once:stripeEvent <id>`: fails when the event was processed before. */
export const eventOncePart = (record: StripeEventRecord): TxPart =>
  part.putIfAbsent(`${ONCE_LABEL} ${record.eventId}`, {
    ...keys.stripeEvent(record.eventId),
    entity: 'stripeEvent',
    ...record,
  });

/** Whether a transaction failed because its event had been processed already (a repeat: nothing to do). */
export const eventSeenBefore = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(ONCE_LABEL);

/** I7 by id (strongly consistent): a repeat is answered without reading anything else. */
export async function getStripeEvent(eventId: string): Promise<StripeEventRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.stripeEvent(eventId), ConsistentRead: true }),
  );
  return Item ? stripKeys<StripeEventRecord>(Item) : undefined;
}
