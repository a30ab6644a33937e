/**
 * Webhook deliveries (docs/data-model.md "Outbound webhooks" W2, W4–W6): `WEBHOOKDELIVERY#<deliveryId>`, one
 * per event and subscription, put-if-absent (a change delivered twice by the stream makes one delivery).
 * GSI1 lists a subscription's deliveries, GSI2 those of one status, newest first; GSI3 `WHDUE` holds pending
 * deliveries by due time (sparse: removed once a delivery is done), which the retry sweep reads. Each list is
 * spread over 16 partitions by delivery id and read merged (a subscriber to new invoices takes a delivery per
 * charge of a rent run; docs/data-model.md "Spread"). An attempt
 * first moves the due time ahead (a lease, conditioned on the due time it read), so two sweeps or a sweep and
 * the first attempt never send the same delivery at once. Kept 30 days (TTL).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { overPartitions, queryMergedFirst } from '../db/merged-query.js';
import { countPartition, type Item, type PartitionQuery } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';
import {
  type Attempt,
  type DeliveryRecord,
  type DeliveryStatus,
  MAX_LOGGED_ATTEMPTS,
} from '../domain/webhooks/delivery.js';

export const DELIVERY_ENTITY = 'webhookDelivery';
const KEEP_SECONDS = 30 * 24 * 3600;

function fromItem(item: Item): DeliveryRecord {
  return {
    deliveryId: String(item.deliveryId),
    subscriptionId: Number(item.subscriptionId),
    eventId: String(item.eventId),
    eventType: String(item.eventType),
    body: String(item.body),
    status: item.status as DeliveryStatus,
    attemptCount: Number(item.attemptCount ?? 0),
    attempts: (item.attempts as Attempt[] | undefined) ?? [],
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    ...(typeof item.nextAttemptAt === 'string' ? { nextAttemptAt: item.nextAttemptAt } : {}),
    ...(typeof item.lastError === 'string' ? { lastError: item.lastError } : {}),
  };
}

/** The index attributes of a status: GSI2 by status; GSI3 only while pending. */
function statusIndex(record: Pick<DeliveryRecord, 'subscriptionId' | 'deliveryId' | 'createdAt'>) {
  return (status: DeliveryStatus, nextAttemptAt: string | undefined) => ({
    GSI2PK: indexKeys.webhookDeliveriesByStatus(record.subscriptionId, status, record.deliveryId),
    ...(status === 'pending' && nextAttemptAt
      ? {
          GSI3PK: indexKeys.webhookDue(record.deliveryId),
          GSI3SK: indexKeys.webhookDueOrder(nextAttemptAt, record.deliveryId),
        }
      : {}),
  });
}

/** Puts a new delivery; false when it exists already (the same change and subscription). */
export async function putDeliveryIfAbsent(record: DeliveryRecord): Promise<boolean> {
  const order = indexKeys.webhookDeliveryOrder(record.createdAt, record.deliveryId);
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...keys.webhookDelivery(record.deliveryId),
          entity: DELIVERY_ENTITY,
          ...record,
          GSI1PK: indexKeys.webhookDeliveriesBySubscription(record.subscriptionId, record.deliveryId),
          GSI1SK: order,
          GSI2SK: order,
          ...statusIndex(record)(record.status, record.nextAttemptAt),
          expiresAt: Math.floor(Date.parse(record.createdAt) / 1000) + KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getDelivery(deliveryId: string): Promise<DeliveryRecord | undefined> {
  const { Item: item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.webhookDelivery(deliveryId) }),
  );
  return item ? fromItem(item) : undefined;
}

/** Pending deliveries due at `until` or earlier, oldest due first. */
export async function dueDeliveries(until: Date, limit: number): Promise<DeliveryRecord[]> {
  const items = await queryMergedFirst(
    overPartitions(indexKeys.webhookDuePartitions(), {
      index: INDEX.gsi3,
      sk: { between: ['0', `${until.toISOString()}#~`] },
    }),
    limit,
  );
  return items.map(fromItem);
}

/**
 * Takes a pending delivery for one scheduled attempt: its due time moves to `leaseUntil`, conditioned on the
 * due time the caller read. Undefined when another attempt took it first or it is no longer pending.
 */
export async function claimAttempt(
  delivery: DeliveryRecord,
  leaseUntil: Date,
): Promise<DeliveryRecord | undefined> {
  const lease = leaseUntil.toISOString();
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookDelivery(delivery.deliveryId),
        UpdateExpression: 'SET nextAttemptAt = :lease, GSI3SK = :due',
        ConditionExpression: '#s = :pending AND nextAttemptAt = :seen',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':lease': lease,
          ':due': indexKeys.webhookDueOrder(lease, delivery.deliveryId),
          ':pending': 'pending',
          ':seen': delivery.nextAttemptAt ?? '',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

interface Outcome {
  status: DeliveryStatus;
  nextAttemptAt?: string;
  lastError?: string;
}

/** SET/REMOVE clauses that move a delivery to an outcome (status, its indexes, due time, last error). */
function outcomeExpression(delivery: DeliveryRecord, outcome: Outcome, now: Date) {
  const index = statusIndex(delivery)(outcome.status, outcome.nextAttemptAt);
  const sets = ['#s = :status', 'GSI2PK = :gsi2pk', 'updatedAt = :now'];
  const removes: string[] = [];
  const values: Record<string, unknown> = {
    ':status': outcome.status,
    ':gsi2pk': index.GSI2PK,
    ':now': now.toISOString(),
  };
  if ('GSI3PK' in index) {
    sets.push('GSI3PK = :gsi3pk', 'GSI3SK = :gsi3sk', 'nextAttemptAt = :next');
    Object.assign(values, {
      ':gsi3pk': index.GSI3PK,
      ':gsi3sk': index.GSI3SK,
      ':next': outcome.nextAttemptAt,
    });
  } else {
    removes.push('GSI3PK', 'GSI3SK', 'nextAttemptAt');
  }
  if (outcome.lastError) {
    sets.push('lastError = :lastError');
    values[':lastError'] = outcome.lastError;
  } else if (outcome.status === 'succeeded') {
    removes.push('lastError');
  }
  return { sets, removes, values };
}

const expression = (sets: string[], removes: string[]) =>
  `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`;

/**
 * Logs a scheduled attempt and moves the delivery on, conditioned on the attempt count it claimed with and
 * on still being pending. When a replay settled it meanwhile, only the attempt is logged.
 */
export async function recordScheduledAttempt(
  claimed: DeliveryRecord,
  attempt: Attempt,
  outcome: Outcome,
  now: Date,
): Promise<void> {
  const { sets, removes, values } = outcomeExpression(claimed, outcome, now);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookDelivery(claimed.deliveryId),
        UpdateExpression: expression(
          [...sets, 'attempts = list_append(attempts, :attempt)', 'attemptCount = :count'],
          removes,
        ),
        ConditionExpression: '#s = :pending AND attemptCount = :claimedCount',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ...values,
          ':attempt': [attempt],
          ':count': claimed.attemptCount + 1,
          ':pending': 'pending',
          ':claimedCount': claimed.attemptCount,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await appendAttempt(claimed.deliveryId, attempt, now);
  }
}

async function appendAttempt(deliveryId: string, attempt: Attempt, now: Date): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookDelivery(deliveryId),
        UpdateExpression: 'SET attempts = list_append(attempts, :attempt), updatedAt = :now',
        ConditionExpression: 'size(attempts) < :max',
        ExpressionAttributeValues: {
          ':attempt': [attempt],
          ':now': now.toISOString(),
          ':max': MAX_LOGGED_ATTEMPTS,
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** A pending delivery whose subscription is gone or disabled: failed without an attempt. */
export async function failWithoutAttempt(delivery: DeliveryRecord, reason: string, now: Date): Promise<void> {
  const { sets, removes, values } = outcomeExpression(delivery, { status: 'failed', lastError: reason }, now);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookDelivery(delivery.deliveryId),
        UpdateExpression: expression(sets, removes),
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ...values, ':pending': 'pending' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Label of a replay's attempt. */
export const deliveryReplayLabel = (deliveryId: string | number) => `replay:webhookDelivery ${deliveryId}`;

/**
 * A replay's attempt (label `replay:webhookDelivery <id>`): logged, and a success settles the delivery (a
 * pending one leaves the retry schedule); a failure changes nothing else. Refused past MAX_LOGGED_ATTEMPTS.
 */
export function replayAttemptPart(delivery: DeliveryRecord, attempt: Attempt, now: Date): TxPart {
  const { sets, removes, values } = attempt.ok
    ? outcomeExpression(delivery, { status: 'succeeded' }, now)
    : { sets: ['updatedAt = :now'], removes: [], values: { ':now': now.toISOString() } };
  return part.update(
    deliveryReplayLabel(delivery.deliveryId),
    keys.webhookDelivery(delivery.deliveryId),
    expression([...sets, 'attempts = list_append(attempts, :attempt)'], removes),
    {
      condition: 'size(attempts) < :max',
      ...(attempt.ok ? { names: { '#s': 'status' } } : {}),
      values: { ...values, ':attempt': [attempt], ':max': MAX_LOGGED_ATTEMPTS },
    },
  );
}

/** The first `count` deliveries of a subscription (of one status when given), newest first. */
export async function newestDeliveries(
  subscriptionId: number,
  status: DeliveryStatus | undefined,
  count: number,
): Promise<DeliveryRecord[]> {
  const items = await queryMergedFirst(listQueries(subscriptionId, status), count);
  return items.map(fromItem);
}

/** The spread partitions of a subscription's list (of one status when given), newest first. */
function listQueries(subscriptionId: number, status: DeliveryStatus | undefined): PartitionQuery[] {
  return status
    ? overPartitions(indexKeys.webhookDeliveriesByStatusPartitions(subscriptionId, status), {
        index: INDEX.gsi2,
        descending: true,
      })
    : overPartitions(indexKeys.webhookDeliveriesBySubscriptionPartitions(subscriptionId), {
        index: INDEX.gsi1,
        descending: true,
      });
}

/** How many deliveries a subscription has (of one status): a COUNT query per partition, keys only. */
export async function countDeliveries(subscriptionId: number, status: DeliveryStatus | undefined) {
  const counts = await Promise.all(listQueries(subscriptionId, status).map(countPartition));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The sort order of the lists (newest first), for merging several subscriptions' pages. */
export const deliveryOrder = (d: DeliveryRecord) => indexKeys.webhookDeliveryOrder(d.createdAt, d.deliveryId);
