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
import { claimRecord } from '../db/claim.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { overPartitions, queryMergedFirst } from '../db/merged-query.js';
import { countPartition, type Item, type PartitionQuery } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';
import { appended, updateParts } from '../db/update-expression.js';
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
  const claimed = await claimRecord(keys.webhookDelivery(delivery.deliveryId), {
    until: 'nextAttemptAt',
    to: lease,
    free: { asRead: delivery.nextAttemptAt ?? '' },
    // The due list's sort key follows the due time.
    set: { GSI3SK: indexKeys.webhookDueOrder(lease, delivery.deliveryId) },
    also: { expression: '#s = :pending', names: { '#s': 'status' }, values: { ':pending': 'pending' } },
  });
  return claimed ? fromItem(claimed) : undefined;
}

interface Outcome {
  status: DeliveryStatus;
  nextAttemptAt?: string;
  lastError?: string;
}

/** The update that moves a delivery to an outcome (status, its indexes, due time, last error). */
function outcomeUpdate(delivery: DeliveryRecord, outcome: Outcome, now: Date) {
  const index = statusIndex(delivery)(outcome.status, outcome.nextAttemptAt);
  const pending = 'GSI3PK' in index;
  const set: Record<string, unknown> = {
    status: outcome.status,
    GSI2PK: index.GSI2PK,
    updatedAt: now.toISOString(),
    ...(pending ? { GSI3PK: index.GSI3PK, GSI3SK: index.GSI3SK, nextAttemptAt: outcome.nextAttemptAt } : {}),
    ...(outcome.lastError ? { lastError: outcome.lastError } : {}),
  };
  const remove = [
    ...(pending ? [] : ['GSI3PK', 'GSI3SK', 'nextAttemptAt']),
    ...(!outcome.lastError && outcome.status === 'succeeded' ? ['lastError'] : []),
  ];
  return { set, remove };
}

const PENDING = { expression: '#s = :pending', names: { '#s': 'status' }, values: { ':pending': 'pending' } };

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
  const { set, remove } = outcomeUpdate(claimed, outcome, now);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookDelivery(claimed.deliveryId),
        ...updateParts(
          { set: { ...set, attempts: appended([attempt]), attemptCount: claimed.attemptCount + 1 }, remove },
          {
            expression: `${PENDING.expression} AND attemptCount = :claimedCount`,
            names: PENDING.names,
            values: { ...PENDING.values, ':claimedCount': claimed.attemptCount },
          },
        ),
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
        ...updateParts(
          { set: { attempts: appended([attempt]), updatedAt: now.toISOString() } },
          { expression: 'size(attempts) < :max', values: { ':max': MAX_LOGGED_ATTEMPTS } },
        ),
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** A pending delivery whose subscription is gone or disabled: failed without an attempt. */
export async function failWithoutAttempt(delivery: DeliveryRecord, reason: string, now: Date): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookDelivery(delivery.deliveryId),
        ...updateParts(outcomeUpdate(delivery, { status: 'failed', lastError: reason }, now), PENDING),
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
  const { set, remove } = attempt.ok
    ? outcomeUpdate(delivery, { status: 'succeeded' }, now)
    : { set: { updatedAt: now.toISOString() }, remove: [] };
  return part.update(
    deliveryReplayLabel(delivery.deliveryId),
    keys.webhookDelivery(delivery.deliveryId),
    { set: { ...set, attempts: appended([attempt]) }, remove },
    { condition: 'size(attempts) < :max', values: { ':max': MAX_LOGGED_ATTEMPTS } },
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
