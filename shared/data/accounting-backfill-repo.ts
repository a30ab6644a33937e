/**
 * The pages a back-fill walks (docs/data-model.md X6; docs/accounting.md "Back-fill and resync"): the invoices and the
 * expenses by their date (I2, E2) and the settled payments by their date (I5), from a day on, one bounded page
 * per call with the index's own cursor, so no run reads more than a page of each.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../db/client.js';
import { indexKeys } from '../db/keys.js';
import { partitionQuery } from '../db/query.js';

export type BackfillList = 'invoice' | 'expense' | 'payment';

export interface BackfillRow {
  recordType: BackfillList;
  recordId: string;
  /** When the record was made (its place in the push order). */
  at: string;
  documentType?: 'invoice' | 'expense';
  documentId?: number;
}

/**
 * Each list's partitions in walk order (a back-fill marks records pending; the pushes go in the records' own
 * time order, so the walk order does not matter). A cursor saved before the shards' back-fill may name the
 * old unspread partition (`INVOICES`): that partition is empty once back-filled, and the walk goes on from
 * the first shard (indexOf is -1), so every moved item is still walked.
 */
const LISTS = {
  invoice: { pks: () => indexKeys.invoicesPartitions(), id: 'invoiceId', at: 'dateCreated' },
  expense: { pks: () => [indexKeys.expenses()], id: 'expenseId', at: 'dateCreated' },
  payment: { pks: () => indexKeys.settledPaymentsPartitions(), id: 'paymentId', at: 'createdAt' },
} as const;

/**
 * Where a walk is: the index's own cursor (its LastEvaluatedKey, which names the partition in `GSI1PK`), or
 * `{GSI1PK}` alone at the start of a partition after the first.
 */
type Cursor = Record<string, unknown>;

/** A page of one list from `since` (a day) on, after `cursor`; the next cursor, or null at the end. */
export async function backfillPage(
  list: BackfillList,
  since: string,
  cursor: Cursor | null,
  limit: number,
): Promise<{ rows: BackfillRow[]; cursor: Cursor | null }> {
  const { pks, id, at } = LISTS[list];
  const partitions = pks();
  const pk = typeof cursor?.GSI1PK === 'string' ? cursor.GSI1PK : (partitions[0] as string);
  const startKey = cursor && 'GSI1SK' in cursor ? cursor : undefined;
  const page = await ddb.send(
    new QueryCommand({
      ...partitionQuery({ index: 'GSI1', pk, sk: { between: [since, '9999'] } }),
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const rows = (page.Items ?? []).map(
    (item): BackfillRow => ({
      recordType: list,
      recordId: String(item[id]),
      at: String(item[at] ?? item.date ?? since),
      ...(list === 'payment'
        ? { documentType: item.documentType as 'invoice' | 'expense', documentId: Number(item.documentId) }
        : {}),
    }),
  );
  const after = page.LastEvaluatedKey as Cursor | undefined;
  if (after) return { rows, cursor: after };
  const nextPartition = partitions[partitions.indexOf(pk) + 1];
  return { rows, cursor: nextPartition === undefined ? null : { GSI1PK: nextPartition } };
}
