/**
 * Webhook subscriptions (docs/data-model.md "Outbound webhooks" W1, W3): `WEBHOOKSUB#<id>`, listed by GSI1
 * `WEBHOOKSUBS` (a short list: every event reads it whole). The signing secret is stored sealed under the
 * data key (`secretSealed`, AAD `webhookSubscription:<id>:secret`) and opened only to sign a delivery.
 * Admin edits are conditioned on the version read; the delivery jobs' health marks (failing, healthy,
 * disabled) touch only their own attributes, so they never undo an admin's edit.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openFields, sealFields } from '../crypto/fields.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys, pad } from '../db/keys.js';
import { type Item, queryPartition } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';
import type { SubscriptionRecord } from '../domain/webhooks/subscription.js';

export const SUBSCRIPTION_ENTITY = 'webhookSubscription';
const secretAad = (subscriptionId: number) => `webhookSubscription:${subscriptionId}`;

export interface StoredSubscription {
  record: SubscriptionRecord;
  version: number;
  secretSealed: string;
}

function fromItem(item: Item): StoredSubscription {
  const optional = (name: string) => (typeof item[name] === 'string' ? { [name]: item[name] as string } : {});
  return {
    record: {
      subscriptionId: Number(item.subscriptionId),
      url: String(item.url),
      events: ((item.events as string[] | undefined) ?? []).map(String),
      active: item.active === 1 ? 1 : 0,
      createdAt: String(item.createdAt),
      updatedAt: String(item.updatedAt),
      ...optional('failingSince'),
      ...optional('disabledAt'),
      ...optional('disabledReason'),
      ...optional('deletedAt'),
    },
    version: Number(item.version ?? 0),
    secretSealed: String(item.secretSealed ?? ''),
  };
}

export async function sealSecret(subscriptionId: number, secret: string): Promise<string> {
  const sealed = await sealFields({ secret }, secretAad(subscriptionId));
  return sealed.secret as string;
}

/** The plain secret, or undefined when it cannot be opened (wrong key, tampered: logged by openFields). */
export async function openSecret(stored: StoredSubscription): Promise<string | undefined> {
  const open = await openFields({ secret: stored.secretSealed }, secretAad(stored.record.subscriptionId));
  return open.secret;
}

const itemOf = (record: SubscriptionRecord, version: number, secretSealed: string): Item => ({
  ...keys.webhookSubscription(record.subscriptionId),
  entity: SUBSCRIPTION_ENTITY,
  GSI1PK: indexKeys.webhookSubscriptions(),
  GSI1SK: pad(record.subscriptionId),
  ...record,
  secretSealed,
  version,
});

export const insertSubscriptionPart = (record: SubscriptionRecord, secretSealed: string): TxPart =>
  part.putIfAbsent(`put:webhookSubscription ${record.subscriptionId}`, itemOf(record, 1, secretSealed));

/** Label of a subscription's replacement. */
export const subscriptionUpdateLabel = (subscriptionId: number) =>
  `update:webhookSubscription ${subscriptionId}`;

/** Replaces the record, conditioned on the version read (label `update:webhookSubscription <id>`). */
export const updateSubscriptionPart = (current: StoredSubscription, next: SubscriptionRecord): TxPart =>
  part.put(
    subscriptionUpdateLabel(next.subscriptionId),
    itemOf(next, current.version + 1, current.secretSealed),
    { condition: 'version = :v', values: { ':v': current.version } },
  );

export async function getSubscription(subscriptionId: number): Promise<StoredSubscription | undefined> {
  const { Item: item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.webhookSubscription(subscriptionId) }),
  );
  return item ? fromItem(item) : undefined;
}

/** Every subscription, deleted ones included, by id. */
export async function allSubscriptions(): Promise<StoredSubscription[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.webhookSubscriptions() });
  return items.map(fromItem);
}

/**
 * A failed attempt: the failure streak starts now unless it started earlier. Returns the streak's start as
 * stored, so the caller can tell whether the subscription has failed long enough to be disabled.
 */
export async function markFailing(subscriptionId: number, now: Date): Promise<string | undefined> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookSubscription(subscriptionId),
        UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes?.failingSince as string | undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** A success ends the failure streak (written only when one is recorded: no write per healthy delivery). */
export async function markHealthy(subscriptionId: number): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookSubscription(subscriptionId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(failingSince)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Disables a subscription that kept failing; answers whether this call disabled it (it was active). */
export async function disableFailing(subscriptionId: number, reason: string, now: Date): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.webhookSubscription(subscriptionId),
        UpdateExpression:
          'SET active = :off, disabledAt = :now, disabledReason = :reason, updatedAt = :now ADD version :one',
        ConditionExpression: 'active = :on',
        ExpressionAttributeValues: {
          ':off': 0,
          ':on': 1,
          ':now': now.toISOString(),
          ':reason': reason,
          ':one': 1,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
