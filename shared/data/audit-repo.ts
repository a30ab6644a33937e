/**
 * Audit entries (docs/data-model.md "Changes and audit", AU1–AU4). One item per entry under the change id, with
 * three index keys: the record's list (GSI1), the actor's list (GSI2) and the month's list (GSI3), all sorted
 * by `<at>#<entryId>` and read newest first; the actor's and the month's lists are spread over shards by entry
 * id and read merged. Months that hold entries are listed as small marker items, so the unfiltered list knows
 * which month partitions to read without a Scan.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { overPartitions, queryMergedFirst } from '../db/merged-query.js';
import { countPartition, type PartitionQuery, queryPartition, stripKeys } from '../db/query.js';
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
  await markMonth(month);
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
          GSI2PK: indexKeys.auditByActor(entry.actor, entry.entryId),
          GSI2SK: order,
          GSI3PK: indexKeys.auditByMonth(month, entry.entryId),
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

/** The months this process has marked, per table (a test file's table is its own). */
const markedMonths = new Set<string>();

/**
 * AU5: the month marker, before the month's first entry of this process, so an entry is never in a month the
 * unfiltered list does not know of. Once per month and process, not per entry: a rent run's thousands of
 * entries would otherwise all write the one `AUDITMONTHS` partition. Rewriting it is harmless (same item), so
 * it needs no condition; a failed write is tried again with the next entry.
 */
async function markMonth(month: string): Promise<void> {
  const marked = `${TABLE_NAME}\u0000${month}`;
  if (markedMonths.has(marked)) return;
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.auditMonth(month), entity: 'auditMonth', month },
    }),
  );
  markedMonths.add(marked);
}

export interface AuditPage {
  items: AuditEntry[];
  page: number;
  limit: number;
  total: number;
}

/**
 * AU2–AU4: entries matching the filter, newest first, one offset page. The entries are read as a sequence of
 * lists, newest first: a record's one partition; an actor's spread partitions merged; or each month of the
 * range (newest first), its spread partitions merged. `total` counts the matching entries of the range (a
 * COUNT query per partition); only the lists that overlap the page are read, each partition of them up to the
 * page's end.
 */
export async function listEntries(filter: AuditFilter, page: number, limit: number): Promise<AuditPage> {
  const lists = await listsOf(filter);
  const counts = await Promise.all(
    lists.map(async (list) => (await Promise.all(list.map(countPartition))).reduce((sum, n) => sum + n, 0)),
  );
  const total = counts.reduce((sum, n) => sum + n, 0);
  const items: AuditEntry[] = [];
  let skip = (page - 1) * limit;
  for (const [i, list] of lists.entries()) {
    const count = counts[i] ?? 0;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const need = limit - items.length;
    const read = await queryMergedFirst(list, skip + need);
    items.push(...read.slice(skip, skip + need).map((item) => stripKeys<AuditEntry>(item)));
    skip = 0;
    if (items.length >= limit) break;
  }
  return { items, page, limit, total };
}

/** The lists of a filter in reading order, each the partitions that are merged into it. */
async function listsOf(filter: AuditFilter): Promise<PartitionQuery[][]> {
  const sk = { between: orderRange(filter.dateFrom, filter.dateTo) };
  const base = { sk, descending: true } as const;
  switch (sourceOf(filter)) {
    case 'record':
      return [
        [
          {
            ...base,
            index: INDEX.gsi1,
            pk: indexKeys.auditByRecord(filter.recordType ?? '', filter.recordId ?? ''),
            ...narrowedBy({ actor: filter.actor }),
          },
        ],
      ];
    case 'actor':
      return [
        overPartitions(indexKeys.auditByActorPartitions(filter.actor ?? ''), {
          ...base,
          index: INDEX.gsi2,
          ...narrowedBy({ recordType: filter.recordType }),
        }),
      ];
    case 'time': {
      const markers = await queryPartition({ pk: keys.auditMonthsPartition });
      const months = monthsNewestFirst(
        markers.map((m) => String(m.SK)),
        filter.dateFrom,
        filter.dateTo,
      );
      return months.map((month) =>
        overPartitions(indexKeys.auditByMonthPartitions(month), {
          ...base,
          index: INDEX.gsi3,
          ...narrowedBy({ recordType: filter.recordType }),
        }),
      );
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
