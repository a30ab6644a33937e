/**
 * The shards' back-fill (`npm run migrate:shards`; docs/data-model.md "Spread"), run once on a store made
 * before this version: every item still under a sharded list's unspread base key (`INVOICES`, `MAILS`,
 * `AUDITACTOR#<actor>` … from before the lists were spread) moves into its shard, and every accounting sync
 * state moves to the shard the one shard function gives it (the sync lists had a shard function of their own);
 * the tenants' total kept before its shards is folded into a shard. Readers read only the shards after it.
 *
 * One pass over the table (a Scan, page by page), and for each item to move one UpdateItem conditioned on the
 * index keys it was read with: safe while the service runs (an item a writer moved meanwhile is left as the
 * writer wrote it, in its shard), and idempotent (a second run finds nothing to move).
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { shardedLists, syncShardId } from '../db/keys.js';
import type { Item } from '../db/query.js';
import type { ShardedList, ShardId } from '../db/shards.js';
import { isConditionFailure } from '../db/transaction.js';
import { updateParts } from '../db/update-expression.js';
import { monthOf } from '../domain/audit.js';
import { foldTotalBeforeShards } from './tenant-count-repo.js';

type IndexAttribute = 'GSI1PK' | 'GSI2PK' | 'GSI3PK';

/** One sharded list an item of a kind is in, by one of its index keys. */
interface Placement {
  entity: string;
  attribute: IndexAttribute;
  /** The list (from the item's own fields) and the id its shard comes from. */
  of: (item: Item) => { list: ShardedList; id: ShardId };
}

const sync = (list: (item: Item) => ShardedList) => (item: Item) => ({
  list: list(item),
  id: syncShardId(String(item.recordType), String(item.recordId)),
});

/** Every sharded index list and the items in it (the writers in shared/data put them there). */
const PLACEMENTS: readonly Placement[] = [
  {
    entity: 'invoice',
    attribute: 'GSI1PK',
    of: (i) => ({ list: shardedLists.invoices, id: Number(i.invoiceId) }),
  },
  {
    entity: 'payment',
    attribute: 'GSI1PK',
    of: (i) => ({ list: shardedLists.settledPayments, id: Number(i.paymentId) }),
  },
  {
    entity: 'audit',
    attribute: 'GSI2PK',
    of: (i) => ({ list: shardedLists.auditByActor(String(i.actor)), id: String(i.entryId) }),
  },
  {
    entity: 'audit',
    attribute: 'GSI3PK',
    of: (i) => ({ list: shardedLists.auditByMonth(monthOf(String(i.at))), id: String(i.entryId) }),
  },
  {
    entity: 'webhookDelivery',
    attribute: 'GSI1PK',
    of: (i) => ({
      list: shardedLists.webhookDeliveriesBySubscription(Number(i.subscriptionId)),
      id: String(i.deliveryId),
    }),
  },
  {
    entity: 'webhookDelivery',
    attribute: 'GSI2PK',
    of: (i) => ({
      list: shardedLists.webhookDeliveriesByStatus(Number(i.subscriptionId), String(i.status)),
      id: String(i.deliveryId),
    }),
  },
  {
    entity: 'webhookDelivery',
    attribute: 'GSI3PK',
    of: (i) => ({ list: shardedLists.webhookDue, id: String(i.deliveryId) }),
  },
  {
    entity: 'mailMessage',
    attribute: 'GSI3PK',
    of: (i) => ({ list: shardedLists.mailAll, id: String(i.messageId) }),
  },
  {
    entity: 'mailDue',
    attribute: 'GSI1PK',
    of: (i) => ({ list: shardedLists.mailDue, id: String(i.messageId) }),
  },
  {
    entity: 'accountingSync',
    attribute: 'GSI1PK',
    of: sync((i) => shardedLists.accountingDue(String(i.realmId))),
  },
  {
    entity: 'accountingSync',
    attribute: 'GSI2PK',
    of: sync((i) => shardedLists.accountingByStatus(String(i.realmId), String(i.status))),
  },
  {
    entity: 'accountingSync',
    attribute: 'GSI3PK',
    of: sync((i) => shardedLists.accountingAll(String(i.realmId))),
  },
];

const ENTITIES = [...new Set(PLACEMENTS.map((p) => p.entity))];

/** An index key to move: from the partition the item is in to the one its id gives. */
export interface Move {
  attribute: IndexAttribute;
  from: string;
  to: string;
}

/**
 * The moves an item needs: each index key that is its list's unspread base, or a shard of the list other than
 * its id's. A key outside the list's partitions (another list, an item of an odd shape) is left alone.
 */
export function movesOf(item: Item): Move[] {
  return PLACEMENTS.filter((p) => p.entity === item.entity).flatMap((p): Move[] => {
    const from = item[p.attribute];
    if (typeof from !== 'string') return [];
    const { list, id } = p.of(item);
    const to = list.partitionOf(id);
    if (from === to) return [];
    return from === list.base || list.partitions().includes(from)
      ? [{ attribute: p.attribute, from, to }]
      : [];
  });
}

/** Moves one item's index keys, conditioned on the keys read; false when a writer moved it meanwhile. */
async function moveItem(item: Item, moves: readonly Move[]): Promise<boolean> {
  const names = Object.fromEntries(moves.map((m, i) => [`#m${i}`, m.attribute]));
  const values = Object.fromEntries(moves.map((m, i) => [`:m${i}`, m.from]));
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: item.PK, SK: item.SK },
        ...updateParts(
          { set: Object.fromEntries(moves.map((m) => [m.attribute, m.to])) },
          { expression: moves.map((_, i) => `#m${i} = :m${i}`).join(' AND '), names, values },
        ),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface ShardBackfill {
  /** Items the pass read (of the kinds in sharded lists). */
  read: number;
  /** Items moved into their shards. */
  moved: number;
  /** Items a writer moved between the read and the move (left as the writer wrote them). */
  movedMeanwhile: number;
  /** The tenants' total kept before its shards, folded into one (1), or none to fold (0). */
  countsFolded: number;
}

/** One pass of the back-fill over the whole table; `progress` hears each page's counts. */
export async function backfillShards(
  progress: (done: ShardBackfill) => void = () => {},
): Promise<ShardBackfill> {
  const done: ShardBackfill = { read: 0, moved: 0, movedMeanwhile: 0, countsFolded: 0 };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: `entity IN (${ENTITIES.map((_, i) => `:e${i}`).join(', ')})`,
        ExpressionAttributeValues: Object.fromEntries(ENTITIES.map((e, i) => [`:e${i}`, e])),
        ExclusiveStartKey,
      }),
    );
    for (const item of (page.Items ?? []) as Item[]) {
      done.read += 1;
      const moves = movesOf(item);
      if (moves.length === 0) continue;
      if (await moveItem(item, moves)) done.moved += 1;
      else done.movedMeanwhile += 1;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
    progress(done);
  } while (ExclusiveStartKey);
  done.countsFolded = await foldTotalBeforeShards();
  return done;
}
