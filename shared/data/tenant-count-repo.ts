/**
 * The tenants' total (docs/tenants.md "The tenants' total"), kept off every request's transaction: a
 * registration or a guest's first booking only puts its tenant item; the `tenantCount` table-change job counts
 * each tenant item's insert and removal once, on one of the 8 shards of a sharded list (`COUNT#tenants#<n>`),
 * and the total is their sum. So no two requests meet on one item, and the job's own concurrent batches rarely
 * do. The total kept before the job existed (`COUNT#tenants`) is folded into a shard once by the shards'
 * back-fill (`npm run migrate:shards`).
 *
 * Once per tenant: a `COUNTED#tenants#<id>` marker is put with the +1 and deleted with the −1, in the same
 * transaction, so a change delivered again (a retried batch, a replayed record) moves nothing twice.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys, shardedLists } from '../db/keys.js';
import { batchGet } from '../db/query.js';
import { commit, part, TransactionFailed, type TxPart } from '../db/transaction.js';

const TOTAL = 'tenants';
/** The count's shards, summed at read with one BatchGet. */
const counts = shardedLists.tenantCount;
const MARKER_LABEL = 'counted:tenant';

/**
 * The tenant counted (+1: its marker put if absent) or uncounted (−1: its marker deleted if present), with the
 * shard's move: `counted:tenant`, `count:tenants#<n>`.
 */
function tenantCountParts(tenantId: number, delta: 1 | -1): TxPart[] {
  const marker = keys.counted(TOTAL, String(tenantId));
  const shard = counts.partitionOf(tenantId);
  return [
    delta === 1
      ? part.putIfAbsent(MARKER_LABEL, { ...marker, entity: 'counted', tenantId })
      : part.delete(MARKER_LABEL, marker, { condition: 'attribute_exists(PK)' }),
    part.countMove(`count:${shard}`, shard, delta),
  ];
}

/** Counts a tenant's insert (+1) or removal (−1) once; a change already counted moves nothing. */
export async function countTenantChange(tenantId: number, delta: 1 | -1): Promise<void> {
  try {
    await commit(tenantCountParts(tenantId, delta));
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(MARKER_LABEL)) return;
    throw error;
  }
}

/** The tenants' total: the sum of the shards, in one BatchGet. */
export async function countTenants(): Promise<number> {
  const items = await batchGet(counts.partitions().map((name) => keys.count(name)));
  return items.reduce((sum, item) => sum + Number(item.value ?? 0), 0);
}

const FOLD_LABEL = 'fold:tenants total';

/**
 * The back-fill's step for the count (`npm run migrate:shards`): the total kept before the shards existed
 * (`COUNT#tenants`, which nothing writes any more) moves into shard 0 and is deleted, in one transaction
 * conditioned on the value read, so the sum is the same before and after. The items moved: 1, or 0 when there
 * was none (a store made after the shards, or one already back-filled).
 */
export async function foldTotalBeforeShards(): Promise<number> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.count(counts.base), ConsistentRead: true }),
  );
  if (!Item) return 0;
  const value = Number(Item.value ?? 0);
  const shard = counts.partition(0);
  try {
    await commit([
      part.delete(
        FOLD_LABEL,
        keys.count(counts.base),
        Item.value === undefined
          ? { condition: 'attribute_exists(PK) AND attribute_not_exists(#v)', names: { '#v': 'value' } }
          : { condition: '#v = :v', names: { '#v': 'value' }, values: { ':v': Item.value } },
      ),
      part.countMove(`count:${shard}`, shard, value),
    ]);
    return 1;
  } catch (error) {
    // Another run of the back-fill folded it first.
    if (error instanceof TransactionFailed && error.conditionFailed(FOLD_LABEL)) return 0;
    throw error;
  }
}
