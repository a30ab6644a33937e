/**
 * The lists of the sync states (docs/data-model.md X4; docs/accounting.md (its endpoints)): the due records in
 * push order (GSI1), and the admin list and counts by status or of every state (GSI2, GSI3), each read over the
 * SYNC_SHARDS partitions of its index key and merged (shared/data/accounting-sync-repo.ts writes them).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../db/client.js';
import { indexKeys } from '../db/keys.js';
import { partitionQuery, queryPartitionFirst } from '../db/query.js';
import {
  SYNC_SHARDS,
  type SyncRef,
  type SyncState,
  type SyncStatus,
} from '../domain/accounting/sync-state.js';
import { stateOf } from './accounting-sync-repo.js';

const SHARDS = Array.from({ length: SYNC_SHARDS }, (_, i) => i);

/** The records due by `now`, in push order: the first `limit` of the due list's shards merged. */
export async function dueRecords(realmId: string, now: string, limit: number): Promise<SyncRef[]> {
  const pages = await Promise.all(
    SHARDS.map((s) =>
      queryPartitionFirst(
        { index: 'GSI1', pk: indexKeys.accountingDue(realmId, s), sk: { between: ['0', `${now}#~`] } },
        limit,
      ),
    ),
  );
  return pages
    .flat()
    .sort((a, b) => String(a.GSI1SK).localeCompare(String(b.GSI1SK)))
    .slice(0, limit)
    .map((item) => ({ recordType: item.recordType, recordId: String(item.recordId) }) as SyncRef);
}

export interface SyncListQuery {
  status?: SyncStatus | undefined;
  recordType?: string | undefined;
  page: number;
  limit: number;
}

const listQuery = (realmId: string, q: Pick<SyncListQuery, 'status' | 'recordType'>, shard: number) => ({
  index: q.status ? ('GSI2' as const) : ('GSI3' as const),
  pk: q.status
    ? indexKeys.accountingByStatus(realmId, q.status, shard)
    : indexKeys.accountingAll(realmId, shard),
  descending: true,
  ...(q.recordType
    ? { filter: { expression: '#rt = :rt', names: { '#rt': 'recordType' }, values: { ':rt': q.recordType } } }
    : {}),
});

/** A page of states, newest change first (each shard read up to the page's end, then merged). */
export async function listSyncStates(realmId: string, q: SyncListQuery): Promise<SyncState[]> {
  const end = q.page * q.limit;
  const pages = await Promise.all(SHARDS.map((s) => queryPartitionFirst(listQuery(realmId, q, s), end)));
  const key = q.status ? 'GSI2SK' : 'GSI3SK';
  return pages
    .flat()
    .sort((a, b) => String(b[key]).localeCompare(String(a[key])))
    .slice(end - q.limit, end)
    .map(stateOf);
}

/** How many states match, counting at most `cap` per shard (COUNT queries). */
export async function countSyncStates(
  realmId: string,
  q: Pick<SyncListQuery, 'status' | 'recordType'>,
  cap = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const counts = await Promise.all(
    SHARDS.map(async (s) => {
      let count = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await ddb.send(
          new QueryCommand({
            ...partitionQuery(listQuery(realmId, q, s)),
            Select: 'COUNT',
            ExclusiveStartKey,
          }),
        );
        count += page.Count ?? 0;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey && count < cap);
      return Math.min(count, cap);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}
