/**
 * The audit outbox as a test sees it: the CHANGE items of this file's table. They are keyed by change id only
 * (the audit job reads them from the stream), so a test finds them with a filtered Scan of its own table.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { rawTable, TABLE } from './table.js';

export interface ChangeItem {
  recordType: string;
  recordId: string;
  action: string;
  actor: string;
  requestId: string;
  at: string;
  fields: { field: string; old: unknown; new: unknown }[];
}

/** The changes of one record (or of every record of a type), oldest first. */
export async function changesOf(recordType: string, recordId?: string | number): Promise<ChangeItem[]> {
  const items: ChangeItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await rawTable.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: `entity = :change AND recordType = :type${recordId === undefined ? '' : ' AND recordId = :id'}`,
        ExpressionAttributeValues: {
          ':change': 'change',
          ':type': recordType,
          ...(recordId === undefined ? {} : { ':id': String(recordId) }),
        },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as ChangeItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) => a.at.localeCompare(b.at));
}
