/**
 * Lists spread over several partitions (docs/data-model.md "Spread"): the shard of an item, its partition key,
 * and every partition a reader merges. Keys themselves are built in keys.ts.
 */

/**
 * How many partitions an index list is spread over when every charge of the rent run (or every change) adds
 * to it: the item's shard comes from its id, so no one partition takes more than about 1/16 of the writes
 * (docs/data-model.md "Spread"). Readers merge the shards by sort key (shared/db/merged-query.ts).
 */
export const INDEX_SPREAD = 16;

/**
 * The shard of an id: a number's remainder, a text id's FNV-1a hash with a final mix (the shard is the hash's
 * low bits, and FNV's low bits alone depend only on the low bits of each character).
 */
export function shardOf(id: number | string): number {
  if (typeof id === 'number') return Math.abs(Math.trunc(id)) % INDEX_SPREAD;
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) % INDEX_SPREAD;
}

/** The partition of a spread list that an item with this id is in: `<base>#<shard>`. */
export const spreadKey = (base: string, id: number | string): string => `${base}#${shardOf(id)}`;

/**
 * Every partition of a spread list: its shards, then the unspread key itself, which items written before the
 * list was spread still carry (a store made earlier keeps working without a migration).
 */
export const spreadPartitions = (base: string): string[] => [
  ...Array.from({ length: INDEX_SPREAD }, (_, shard) => `${base}#${shard}`),
  base,
];
