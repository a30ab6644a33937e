/**
 * Reads of a spread list (docs/data-model.md "Spread"): the same key condition on each of its partitions,
 * merged by the index's sort key as if they were one partition.
 */
import { mergeSorted } from './merge.js';
import { type Item, type PartitionQuery, queryPartition, queryPartitionFirst } from './query.js';
import { GLOBAL_INDEXES } from './table-definition.js';

/** The partitions of a spread list with one query shape (key condition, order, filter) each. */
export const overPartitions = (pks: readonly string[], query: Omit<PartitionQuery, 'pk'>): PartitionQuery[] =>
  pks.map((pk) => ({ ...query, pk }));

function orderOf(queries: readonly PartitionQuery[]): (a: Item, b: Item) => number {
  const first = queries[0];
  const index = first?.index ? GLOBAL_INDEXES.find((i) => i.name === first.index) : undefined;
  const sk = index?.sk ?? 'SK';
  const pk = index?.pk ?? 'PK';
  const direction = first?.descending ? -1 : 1;
  const text = (item: Item, name: string) => String(item[name] ?? '');
  return (a, b) => {
    const [sa, sb] = [text(a, sk), text(b, sk)];
    if (sa !== sb) return (sa < sb ? -1 : 1) * direction;
    const [pa, pb] = [text(a, pk), text(b, pk)];
    return pa === pb ? 0 : (pa < pb ? -1 : 1) * direction;
  };
}

/** Every item of the partitions (each bounded), in the queries' sort-key order. */
export async function queryMerged(queries: readonly PartitionQuery[]): Promise<Item[]> {
  const lists = await Promise.all(queries.map(queryPartition));
  return mergeSorted(lists, orderOf(queries));
}

/** The first `count` items of the merged order: each partition is read only up to `count` items. */
export async function queryMergedFirst(queries: readonly PartitionQuery[], count: number): Promise<Item[]> {
  if (count <= 0) return [];
  const lists = await Promise.all(queries.map((q) => queryPartitionFirst(q, count)));
  return mergeSorted(lists, orderOf(queries), count);
}
