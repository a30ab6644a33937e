/**
 * PaymentIntents (docs/data-model.md I8): `INTENT#<paymentIntentId> / INTENT` names the invoice an intent
 * pays, so a webhook finds it without trusting the event's metadata alone, and keeps what the intent has
 * done so far: `settledCents` (set once, by payment_intent.succeeded) and `refundedCents` (Stripe reports a
 * charge's refunds as a running total, so the refund to record is the difference to this figure). Both are
 * moved only by transaction parts conditioned on the values read, so a racing or repeated webhook can never
 * count an intent's money twice.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { PaymentIntentRecord } from '../domain/payments/card-payment.js';
import { Conflict } from '../errors.js';

/**
 * Remembers an intent the payment script created. The same intent again (Stripe answered a repeated
 * idempotency key) only refreshes what it asks for; an intent never moves to another invoice (409).
 */
export async function rememberIntent(
  intent: Pick<PaymentIntentRecord, 'paymentIntentId' | 'invoiceId' | 'amountCents' | 'currency'>,
  now: Date,
): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.paymentIntent(intent.paymentIntentId),
        UpdateExpression:
          'SET entity = :entity, paymentIntentId = :id, invoiceId = :invoice, amountCents = :amount, currency = :currency, createdAt = if_not_exists(createdAt, :now), refundedCents = if_not_exists(refundedCents, :zero)',
        ConditionExpression: 'attribute_not_exists(PK) OR invoiceId = :invoice',
        ExpressionAttributeValues: {
          ':entity': 'paymentIntent',
          ':id': intent.paymentIntentId,
          ':invoice': intent.invoiceId,
          ':amount': intent.amountCents,
          ':currency': intent.currency,
          ':now': now.toISOString(),
          ':zero': 0,
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException')
      throw new Conflict(`PaymentIntent ${intent.paymentIntentId} belongs to another invoice`);
    throw error;
  }
}

/** I8 by id (strongly consistent: a webhook decides from it). */
export async function getIntent(paymentIntentId: string): Promise<PaymentIntentRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.paymentIntent(paymentIntentId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const record = stripKeys<PaymentIntentRecord>(Item);
  return { ...record, refundedCents: record.refundedCents ?? 0 };
}

const SETTLE_LABEL = 'settle:intent';
const REFUND_LABEL = 'refund:intent';

/**
 * `settle:intent <id>`: records the received amount once (fails when the intent already settled). An intent
 * made outside the payment script (Stripe's dashboard) gets its item here, from the event's invoiceId.
 */
export function settleIntentPart(
  paymentIntentId: string,
  invoiceId: number,
  receivedCents: number,
  currency: string,
  now: Date,
): TxPart {
  return part.update(
    `${SETTLE_LABEL} ${paymentIntentId}`,
    keys.paymentIntent(paymentIntentId),
    'SET entity = :entity, paymentIntentId = :id, invoiceId = if_not_exists(invoiceId, :invoice), amountCents = if_not_exists(amountCents, :received), currency = if_not_exists(currency, :currency), createdAt = if_not_exists(createdAt, :now), refundedCents = if_not_exists(refundedCents, :zero), settledCents = :received, settledAt = :now',
    {
      condition: 'attribute_not_exists(settledAt)',
      values: {
        ':entity': 'paymentIntent',
        ':id': paymentIntentId,
        ':invoice': invoiceId,
        ':received': receivedCents,
        ':currency': currency,
        ':now': now.toISOString(),
        ':zero': 0,
      },
    },
  );
}

/** `refund:intent <id>`: the running refund total from the value read to the new one. */
export function refundIntentPart(paymentIntentId: string, fromCents: number, toCents: number): TxPart {
  return part.update(
    `${REFUND_LABEL} ${paymentIntentId}`,
    keys.paymentIntent(paymentIntentId),
    'SET refundedCents = :to',
    {
      condition:
        fromCents === 0
          ? 'attribute_exists(PK) AND (attribute_not_exists(refundedCents) OR refundedCents = :from)'
          : 'refundedCents = :from',
      values: { ':from': fromCents, ':to': toCents },
    },
  );
}

/** The intent's settlement or refund total moved since it was read (a concurrent webhook): read again. */
export const intentChangedMeanwhile = (error: unknown): boolean =>
  error instanceof TransactionFailed &&
  (error.conditionFailed(SETTLE_LABEL) || error.conditionFailed(REFUND_LABEL));
