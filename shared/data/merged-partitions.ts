/**
 * Reads of a list spread over several partitions of one index (the message lists M4 and M5,
 * docs/data-model.md "Messages"): each partition is read to the point the page needs and the parts merged.
 */
import { type Item, type PartitionQuery, queryPartitionFirst } from '../db/query.js';

/**
 * The first `count` items of several partitions of one index in the order of `sortKey` (each query's own
 * direction): each partition's first `count`, merged. An offset page of a spread list reads page × limit per
 * partition, as a single partition's page did.
 */
export async function mergedFirst(
  queries: PartitionQuery[],
  sortKey: string,
  count: number,
): Promise<Item[]> {
  const read = await Promise.all(queries.map((q) => queryPartitionFirst(q, count)));
  const descending = queries[0]?.descending === true;
  return read
    .flat()
    .sort((a, b) => {
      const order = String(a[sortKey]).localeCompare(String(b[sortKey]));
      return descending ? -order : order;
    })
    .slice(0, count);
}
