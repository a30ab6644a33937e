/**
 * The lists of the sync states (docs/data-model.md X4; docs/accounting.md (its endpoints)): the due records in
 * push order (GSI1), and the admin list and counts by status or of every state (GSI2, GSI3), each read over the
 * 8 shards of its sharded list and merged (shared/db/merged-query.ts; shared/data/accounting-sync-repo.ts
 * writes them).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../db/client.js';
import { indexKeys } from '../db/keys.js';
import { overPartitions, queryMergedFirst } from '../db/merged-query.js';
import { type PartitionQuery, partitionQuery } from '../db/query.js';
import type { SyncRef, SyncState, SyncStatus } from '../domain/accounting/sync-state.js';
import { stateOf } from './accounting-sync-repo.js';

/** The records due by `now`, in push order: the first `limit` of the due list's shards merged. */
export async function dueRecords(realmId: string, now: string, limit: number): Promise<SyncRef[]> {
  const items = await queryMergedFirst(
    overPartitions(indexKeys.accountingDuePartitions(realmId), {
      index: 'GSI1',
      sk: { between: ['0', `${now}#~`] },
    }),
    limit,
  );
  return items.map((item) => ({ recordType: item.recordType, recordId: String(item.recordId) }) as SyncRef);
}

export interface SyncListQuery {
  status?: SyncStatus | undefined;
  recordType?: string | undefined;
  page: number;
  limit: number;
}

/** The list's partitions (by status, or of every state), newest change first, filtered by record type. */
const listQueries = (realmId: string, q: Pick<SyncListQuery, 'status' | 'recordType'>): PartitionQuery[] =>
  overPartitions(
    q.status
      ? indexKeys.accountingByStatusPartitions(realmId, q.status)
      : indexKeys.accountingAllPartitions(realmId),
    {
      index: q.status ? ('GSI2' as const) : ('GSI3' as const),
      descending: true,
      ...(q.recordType
        ? {
            filter: {
              expression: '#rt = :rt',
              names: { '#rt': 'recordType' },
              values: { ':rt': q.recordType },
            },
          }
        : {}),
    },
  );

/** A page of states, newest change first (each shard read up to the page's end, then merged). */
export async function listSyncStates(realmId: string, q: SyncListQuery): Promise<SyncState[]> {
  const end = q.page * q.limit;
  const items = await queryMergedFirst(listQueries(realmId, q), end);
  return items.slice(end - q.limit, end).map(stateOf);
}

/** How many states match, counting at most `cap` per shard (COUNT queries). */
export async function countSyncStates(
  realmId: string,
  q: Pick<SyncListQuery, 'status' | 'recordType'>,
  cap = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const counts = await Promise.all(
    listQueries(realmId, q).map(async (query) => {
      let count = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await ddb.send(
          new QueryCommand({
            ...partitionQuery(query),
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
