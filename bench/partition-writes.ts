/**
 * Counts the writes the product makes per partition, for the table and each GSI, through a middleware on the
 * shared client's stack (as command-counter.ts counts commands): for each item a Put, Update or TransactWrite
 * writes, its table PK, and the index partitions it is written to (GSI1PK/GSI2PK/GSI3PK of a Put's item; the
 * index key attributes an Update sets). DynamoDB takes about 1,000 writes a second per partition, so the most
 * written partition per charge bounds the charges a second (docs/benchmarks.md "bench:rent").
 *
 * Import this module only after the runtime has set TABLE_NAME (shared/db/client.ts reads it at import).
 */
import { ddb } from '../shared/db/client.js';
import { GLOBAL_INDEXES } from '../shared/db/table-definition.js';

export type Counts = Map<string, Map<string, number>>;

/** Index name → partition key value → item writes. */
const counts: Counts = new Map();
let installed = false;

const plain = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && 'S' in value) return String((value as { S: unknown }).S);
  if (typeof value === 'object' && 'N' in value) return String((value as { N: unknown }).N);
  return String(value);
};

function count(index: string, partition: string | undefined): void {
  if (partition === undefined) return;
  const byPartition = counts.get(index) ?? new Map<string, number>();
  byPartition.set(partition, (byPartition.get(partition) ?? 0) + 1);
  counts.set(index, byPartition);
}

/** The index partitions an UpdateExpression's SET clause writes (`GSI1PK = :v`). */
function indexesSet(update: Record<string, unknown>): [string, string | undefined][] {
  const expression = String(update.UpdateExpression ?? '');
  const names = (update.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (update.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  const found: [string, string | undefined][] = [];
  for (const match of expression.matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const attribute = names[match[1] as string] ?? (match[1] as string);
    const index = GLOBAL_INDEXES.find((i) => i.pk === attribute);
    if (index) found.push([index.name, plain(values[match[2] as string])]);
  }
  return found;
}

let invoicesWritten = 0;

function countItem(kind: 'Put' | 'Update' | 'Delete', input: Record<string, unknown>): void {
  if (kind === 'Put') {
    const item = (input.Item ?? {}) as Record<string, unknown>;
    if (plain(item.SK) === 'INVOICE' && plain(item.PK)?.startsWith('INVOICE#')) invoicesWritten += 1;
    count('table', plain(item.PK));
    for (const index of GLOBAL_INDEXES) count(index.name, plain(item[index.pk]));
    return;
  }
  const key = (input.Key ?? {}) as Record<string, unknown>;
  count('table', plain(key.PK));
  if (kind === 'Update') for (const [index, partition] of indexesSet(input)) count(index, partition);
}

type Part = Record<string, Record<string, unknown> | undefined>;

/** One part of a transaction or a batch: the item it puts, updates or deletes. */
function countPart(part: Part): void {
  const put = part.Put ?? part.PutRequest;
  const remove = part.Delete ?? part.DeleteRequest;
  if (put) countItem('Put', put);
  else if (part.Update) countItem('Update', part.Update);
  else if (remove) countItem('Delete', remove);
}

const SINGLE: Record<string, 'Put' | 'Update' | 'Delete'> = {
  PutItemCommand: 'Put',
  PutCommand: 'Put',
  UpdateItemCommand: 'Update',
  UpdateCommand: 'Update',
  DeleteItemCommand: 'Delete',
  DeleteCommand: 'Delete',
};

function countCommand(name: string, input: Record<string, unknown>): void {
  const single = SINGLE[name];
  if (single) {
    countItem(single, input);
    return;
  }
  if (name.startsWith('TransactWrite'))
    for (const part of (input.TransactItems ?? []) as Part[]) countPart(part);
  if (name.startsWith('BatchWrite'))
    for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, Part[]>))
      for (const request of requests) countPart(request);
}

export function installWriteCounter(): void {
  if (installed) return;
  installed = true;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      // Only what was written: a refused write (a condition, a cancelled transaction) is not counted.
      countCommand(context.commandName ?? '', (args as { input: Record<string, unknown> }).input);
      return result;
    },
    { step: 'initialize', name: 'benchPartitionWrites' },
  );
}

/** Forgets what was counted (a run's own writes start here). */
export function resetWrites(): void {
  counts.clear();
  invoicesWritten = 0;
}

/** Writes per partition so far: table item writes, and the most written partition of the table and each index. */
export function hottest(): {
  tableWrites: number;
  /** RENT and other invoices issued: the invoice headers written (`INVOICE#n` / `INVOICE`). */
  charges: number;
  top: { index: string; partition: string; writes: number }[];
} {
  const tableWrites = [...(counts.get('table')?.values() ?? [])].reduce((a, b) => a + b, 0);
  const top = ['table', ...GLOBAL_INDEXES.map((i) => i.name)].flatMap((index) => {
    const [partition, writes] =
      [...(counts.get(index) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    return partition === undefined ? [] : [{ index, partition, writes: writes ?? 0 }];
  });
  return { tableWrites, charges: invoicesWritten, top };
}
