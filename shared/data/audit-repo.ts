/**
 * Audit entries (docs/data-model.md "Changes and audit", AU1–AU4). One item per entry under the change id, with
 * three index keys: the record's list (GSI1), the actor's list (GSI2) and the month's list (GSI3), all sorted
 * by `<at>#<entryId>` and read newest first. Months that hold entries are listed as small marker items, so
 * the unfiltered list knows which month partitions to read without a Scan.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import {
  countPartition,
  type PartitionQuery,
  queryPartition,
  queryPartitionFirst,
  stripKeys,
} from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { isConditionFailure } from '../db/transaction.js';
import {
  type AuditEntry,
  type AuditFilter,
  auditOrder,
  monthOf,
  monthsNewestFirst,
  orderRange,
  sourceOf,
} from '../domain/audit.js';

export const AUDIT_ENTITY = 'audit';

/**
 * AU1: writes an entry unless it exists (the key is the change id, so a redelivered change writes nothing).
 * Returns whether it was written now.
 */
export async function writeEntry(entry: AuditEntry): Promise<boolean> {
  const month = monthOf(entry.at);
  const order = auditOrder(entry.at, entry.entryId);
  // The month marker first: an entry is never in a month the unfiltered list does not know of. Rewriting it
  // is harmless (same item), so it needs no condition.
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.auditMonth(month), entity: 'auditMonth', month },
    }),
  );
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...keys.auditEntry(entry.entryId),
          entity: AUDIT_ENTITY,
          ...entry,
          GSI1PK: indexKeys.auditByRecord(entry.recordType, entry.recordId),
          GSI1SK: order,
          GSI2PK: indexKeys.auditByActor(entry.actor),
          GSI2SK: order,
          GSI3PK: indexKeys.auditByMonth(month),
          GSI3SK: order,
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

export interface AuditPage {
  items: AuditEntry[];
  page: number;
  limit: number;
  total: number;
}

/**
 * AU2–AU4: entries matching the filter, newest first, one offset page. A record's or an actor's entries are
 * one partition; otherwise the month partitions of the range are read newest month first. `total` counts the
 * matching entries of the range (a COUNT query per partition), and only the partitions that overlap the page
 * are read, each up to the page's end.
 */
export async function listEntries(filter: AuditFilter, page: number, limit: number): Promise<AuditPage> {
  const partitions = await partitionsOf(filter);
  const counts = await Promise.all(partitions.map(countPartition));
  const total = counts.reduce((sum, n) => sum + n, 0);
  const items: AuditEntry[] = [];
  let skip = (page - 1) * limit;
  for (const [i, query] of partitions.entries()) {
    const count = counts[i] ?? 0;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const need = limit - items.length;
    const read = await queryPartitionFirst(query, skip + need);
    items.push(...read.slice(skip, skip + need).map((item) => stripKeys<AuditEntry>(item)));
    skip = 0;
    if (items.length >= limit) break;
  }
  return { items, page, limit, total };
}

async function partitionsOf(filter: AuditFilter): Promise<PartitionQuery[]> {
  const sk = { between: orderRange(filter.dateFrom, filter.dateTo) };
  const base = { sk, descending: true } as const;
  switch (sourceOf(filter)) {
    case 'record':
      return [
        {
          ...base,
          index: INDEX.gsi1,
          pk: indexKeys.auditByRecord(filter.recordType ?? '', filter.recordId ?? ''),
          ...narrowedBy({ actor: filter.actor }),
        },
      ];
    case 'actor':
      return [
        {
          ...base,
          index: INDEX.gsi2,
          pk: indexKeys.auditByActor(filter.actor ?? ''),
          ...narrowedBy({ recordType: filter.recordType }),
        },
      ];
    case 'time': {
      const markers = await queryPartition({ pk: keys.auditMonthsPartition });
      const months = monthsNewestFirst(
        markers.map((m) => String(m.SK)),
        filter.dateFrom,
        filter.dateTo,
      );
      return months.map((month) => ({
        ...base,
        index: INDEX.gsi3,
        pk: indexKeys.auditByMonth(month),
        ...narrowedBy({ recordType: filter.recordType }),
      }));
    }
  }
}

/** A filter expression for the criteria the chosen partition does not already imply. */
function narrowedBy(criteria: Record<string, string | undefined>): Pick<PartitionQuery, 'filter'> {
  const given = Object.entries(criteria).filter((e): e is [string, string] => e[1] !== undefined);
  if (given.length === 0) return {};
  return {
    filter: {
      expression: given.map(([name]) => `#f_${name} = :f_${name}`).join(' AND '),
      names: Object.fromEntries(given.map(([name]) => [`#f_${name}`, name])),
      values: Object.fromEntries(given.map(([name, value]) => [`:f_${name}`, value])),
    },
  };
}
