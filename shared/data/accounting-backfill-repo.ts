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

const LISTS = {
  invoice: { pk: indexKeys.invoices(), id: 'invoiceId', at: 'dateCreated' },
  expense: { pk: indexKeys.expenses(), id: 'expenseId', at: 'dateCreated' },
  payment: { pk: indexKeys.settledPayments(), id: 'paymentId', at: 'createdAt' },
} as const;

/** A page of one list from `since` (a day) on, after `cursor`; the next cursor, or null at the end. */
export async function backfillPage(
  list: BackfillList,
  since: string,
  cursor: Record<string, unknown> | null,
  limit: number,
): Promise<{ rows: BackfillRow[]; cursor: Record<string, unknown> | null }> {
  const { pk, id, at } = LISTS[list];
  const page = await ddb.send(
    new QueryCommand({
      ...partitionQuery({ index: 'GSI1', pk, sk: { between: [since, '9999'] } }),
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
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
  return { rows, cursor: (page.LastEvaluatedKey as Record<string, unknown> | undefined) ?? null };
}
