/**
 * The tenants' total (docs/tenants.md "The tenants' total"), kept off every request's transaction: a
 * registration or a guest's first booking only puts its tenant item; the `tenantCount` table-change job counts
 * each tenant item's insert and removal once, on one of a few shards (`COUNT#tenants#<n>`), and the total is
 * their sum with the total kept before the job existed (`COUNT#tenants`). So no two requests meet on one item,
 * and the job's own concurrent batches rarely do.
 *
 * Once per tenant: a `COUNTED#tenants#<id>` marker is put with the +1 and deleted with the −1, in the same
 * transaction, so a change delivered again (a retried batch, a replayed record) moves nothing twice.
 */
import { keys } from '../db/keys.js';
import { batchGet } from '../db/query.js';
import { commit, part, TransactionFailed, type TxPart } from '../db/transaction.js';

const TOTAL = 'tenants';
/** Shards of the count; summed at read with one BatchGet. */
export const TENANT_COUNT_SHARDS = 8;
const MARKER_LABEL = 'counted:tenant';

const shardName = (tenantId: number) => `${TOTAL}#${tenantId % TENANT_COUNT_SHARDS}`;

/**
 * The tenant counted (+1: its marker put if absent) or uncounted (−1: its marker deleted if present), with the
 * shard's move: `counted:tenant`, `count:tenants#<n>`.
 */
function tenantCountParts(tenantId: number, delta: 1 | -1): TxPart[] {
  const marker = keys.counted(TOTAL, String(tenantId));
  return [
    delta === 1
      ? part.putIfAbsent(MARKER_LABEL, { ...marker, entity: 'counted', tenantId })
      : part.delete(MARKER_LABEL, marker, { condition: 'attribute_exists(PK)' }),
    part.countMove(`count:${shardName(tenantId)}`, shardName(tenantId), delta),
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

/** The tenants' total: the shards and the total kept before the job, in one BatchGet. */
export async function countTenants(): Promise<number> {
  const names = [TOTAL, ...Array.from({ length: TENANT_COUNT_SHARDS }, (_, n) => `${TOTAL}#${n}`)];
  const items = await batchGet(names.map((name) => keys.count(name)));
  return items.reduce((sum, item) => sum + Number(item.value ?? 0), 0);
}
