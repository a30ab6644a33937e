/**
 * PaymentIntents (docs/data-model.md I8): `INTENT#<paymentIntentId> / INTENT` names the invoice an intent
 * pays, so a webhook finds it without trusting the event's metadata alone, and keeps what the intent has
 * done so far: `settledCents` (set once, by payment_intent.succeeded) and `refundedCents` (Stripe reports a
 * charge's refunds as a running total, so the refund to record is the difference to this figure). Both are
 * moved only by transaction parts conditioned on the values read, so a racing or repeated webhook can never
 * count an intent's money twice. I10 (`INVOICE#<id> / LATESTINTENT`) names the invoice's latest intent, the one
 * that may be open: the payment page and autopay answer or confirm it again instead of making a second one.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { commit, part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { ifAbsent } from '../db/update-expression.js';
import type { PaymentAnomalyKind } from '../domain/payments/anomaly.js';
import type { LatestIntent, PaymentIntentRecord } from '../domain/payments/card-payment.js';
import { Conflict } from '../errors.js';

const REMEMBER_LABEL = 'remember:intent';
const LATEST_LABEL = 'latest:intent';

/**
 * Remembers a new intent (I8) and makes it the invoice's latest (I10), in one transaction, only while I10 still
 * names `replaces` (null: the invoice had none): of two intents made for one invoice at the same moment, one
 * becomes the invoice's, and the other's maker learns it lost (false) and cancels its own. So an invoice has one
 * open intent at a time (docs/payments.md "One card payment per invoice at a time"). An intent never moves to
 * another invoice (409).
 */
export async function rememberIntent(
  intent: Pick<PaymentIntentRecord, 'paymentIntentId' | 'invoiceId' | 'amountCents' | 'currency'>,
  now: Date,
  replaces: string | null,
): Promise<boolean> {
  const latest: LatestIntent = {
    paymentIntentId: intent.paymentIntentId,
    amountCents: intent.amountCents,
    currency: intent.currency,
    createdAt: now.toISOString(),
  };
  try {
    await commit([
      part.update(
        `${REMEMBER_LABEL} ${intent.paymentIntentId}`,
        keys.paymentIntent(intent.paymentIntentId),
        'SET entity = :entity, paymentIntentId = :id, invoiceId = :invoice, amountCents = :amount, currency = :currency, createdAt = if_not_exists(createdAt, :now), refundedCents = if_not_exists(refundedCents, :zero)',
        {
          condition: 'attribute_not_exists(PK) OR invoiceId = :invoice',
          values: {
            ':entity': 'paymentIntent',
            ':id': intent.paymentIntentId,
            ':invoice': intent.invoiceId,
            ':amount': intent.amountCents,
            ':currency': intent.currency,
            ':now': now.toISOString(),
            ':zero': 0,
          },
        },
      ),
      part.put(
        `${LATEST_LABEL} ${intent.invoiceId}`,
        {
          ...keys.invoiceLatestIntent(intent.invoiceId),
          entity: 'latestIntent',
          invoiceId: intent.invoiceId,
          ...latest,
        },
        replaces === null
          ? { condition: 'attribute_not_exists(PK)' }
          : { condition: 'paymentIntentId = :replaces', values: { ':replaces': replaces } },
      ),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(REMEMBER_LABEL))
      throw new Conflict(`PaymentIntent ${intent.paymentIntentId} belongs to another invoice`);
    if (error instanceof TransactionFailed && error.conditionFailed(LATEST_LABEL)) return false;
    throw error;
  }
}

/** I10: the invoice's latest intent the payment script made (strongly consistent), or undefined. */
export async function latestIntentOf(invoiceId: number): Promise<LatestIntent | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.invoiceLatestIntent(invoiceId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { paymentIntentId, amountCents, currency, createdAt } = stripKeys<LatestIntent>(Item);
  return { paymentIntentId, amountCents, currency, createdAt };
}

/**
 * The intent's amount changed at Stripe (the invoice's amount due moved while it was open): I8 and, while it is
 * still the invoice's latest, I10 say so. A newer latest intent (a payer's page made one meanwhile) is left.
 */
export async function rememberIntentAmount(
  paymentIntentId: string,
  invoiceId: number,
  amountCents: number,
): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.paymentIntent(paymentIntentId),
        UpdateExpression: 'SET amountCents = :amount',
        ConditionExpression: 'attribute_exists(PK) AND invoiceId = :invoice',
        ExpressionAttributeValues: { ':amount': amountCents, ':invoice': invoiceId },
      }),
    )
    .catch(ignoreConditionFailed);
  await ddb
    .send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.invoiceLatestIntent(invoiceId),
        UpdateExpression: 'SET amountCents = :amount',
        ConditionExpression: 'paymentIntentId = :id',
        ExpressionAttributeValues: { ':amount': amountCents, ':id': paymentIntentId },
      }),
    )
    .catch(ignoreConditionFailed);
}

const ignoreConditionFailed = (error: unknown) => {
  if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
};

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
 * `settle:intent <id>`: the intent acted, once (fails when it already did). An intent made outside the
 * payment script (Stripe's dashboard) gets its item here, from the event's invoiceId. `outcome` is what it
 * booked: the settled amount, or nothing but the anomaly it was kept as (docs/payments.md "Anomalies").
 */
function actedIntentPart(
  paymentIntentId: string,
  invoiceId: number,
  receivedCents: number,
  currency: string,
  now: Date,
  outcome: { settledCents: number } | { anomaly: PaymentAnomalyKind },
): TxPart {
  const excessCents = 'settledCents' in outcome ? receivedCents - outcome.settledCents : 0;
  const at = now.toISOString();
  return part.update(
    `${SETTLE_LABEL} ${paymentIntentId}`,
    keys.paymentIntent(paymentIntentId),
    {
      set: {
        entity: 'paymentIntent',
        paymentIntentId,
        invoiceId: ifAbsent(invoiceId),
        amountCents: ifAbsent(receivedCents),
        currency: ifAbsent(currency),
        createdAt: ifAbsent(at),
        ...('anomaly' in outcome
          ? { receivedCents, anomaly: outcome.anomaly, refundedCents: ifAbsent(0) }
          : excessCents > 0
            ? // Stripe's refund total of the charge will include the excess refunded at once: counted already.
              { settledCents: outcome.settledCents, excessCents, refundedCents: excessCents }
            : { settledCents: outcome.settledCents, refundedCents: ifAbsent(0) }),
        settledAt: at,
      },
    },
    { condition: 'attribute_not_exists(settledAt)' },
  );
}

/**
 * The intent settled: `settledCents` of the `receivedCents` booked on the invoice (all of it, unless more was
 * received than was due: the rest is the excess refunded at once, docs/payments.md).
 */
export const settleIntentPart = (
  paymentIntentId: string,
  invoiceId: number,
  receivedCents: number,
  currency: string,
  now: Date,
  settledCents = receivedCents,
): TxPart => actedIntentPart(paymentIntentId, invoiceId, receivedCents, currency, now, { settledCents });

const EXCESS_LABEL = 'refund:excess';

/** `refund:excess <id>`: the excess of the intent's payment was refunded by this Stripe refund (once). */
export const excessRefundedPart = (paymentIntentId: string, refundId: string, now: Date): TxPart =>
  part.update(
    `${EXCESS_LABEL} ${paymentIntentId}`,
    keys.paymentIntent(paymentIntentId),
    'SET excessRefundId = :refund, excessRefundedAt = :now',
    {
      condition: 'excessCents > :zero AND attribute_not_exists(excessRefundId)',
      values: { ':refund': refundId, ':now': now.toISOString(), ':zero': 0 },
    },
  );

/** Another run marked the excess refunded first. */
export const excessRefundedMeanwhile = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(EXCESS_LABEL);

/** The intent's payment kept as an anomaly: it received `receivedCents` and booked nothing. */
export const keepAnomalyIntentPart = (
  paymentIntentId: string,
  invoiceId: number,
  receivedCents: number,
  currency: string,
  kind: PaymentAnomalyKind,
  now: Date,
): TxPart => actedIntentPart(paymentIntentId, invoiceId, receivedCents, currency, now, { anomaly: kind });

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
