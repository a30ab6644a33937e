/**
 * Sharded lists (docs/data-model.md "Spread"): a list whose key would be the same for every record is kept in
 * `shards` partitions `<base>#<shard>`, the shard from the record's id, so no one partition takes every write;
 * a reader merges the partitions (shared/db/merged-query.ts) or reads them one by one. Every sharded list of
 * the table — the index lists, the accounting sync's lists, the rent run's parts and the tenants' total — is
 * one of these, with one shard function; a list declares only its base and its shard count. Keys themselves
 * are built in keys.ts.
 */

/**
 * How many partitions a list is spread over when every charge of the rent run (or every change) adds to it:
 * no one partition takes more than about 1/16 of the writes (docs/data-model.md "Spread").
 */
export const INDEX_SPREAD = 16;

/** What a record's shard comes from: a numeric id, or a text id (a record type and id joined, for several kinds). */
export type ShardId = number | string;

/**
 * The shard (0..shards-1) of an id: a number's remainder, a text id's FNV-1a hash with a final mix (the shard
 * is the hash's low bits, and FNV's low bits alone depend only on the low bits of each character). The one
 * shard function: an item's partition depends on it, so it never changes for an id (an item would be lost
 * from the partition its reader reads).
 */
export function shardOf(id: ShardId, shards: number): number {
  if (typeof id === 'number') return Math.abs(Math.trunc(id)) % shards;
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) % shards;
}

export interface ShardedList {
  /** The list's key without a shard (no item is kept under it). */
  readonly base: string;
  readonly shards: number;
  /** The shard of an item with this id. */
  shardOf(id: ShardId): number;
  /** The partition `<base>#<shard>` of an item with this id. */
  partitionOf(id: ShardId): string;
  /** The partition of one shard. */
  partition(shard: number): string;
  /** Every partition, shard 0 first: what a merged read reads. */
  partitions(): string[];
  /** The shard numbers, 0 first: for a reader that takes the shards one by one (the rent run's parts). */
  shardNumbers(): number[];
}

/** A list kept in `shards` partitions of `base` (INDEX_SPREAD unless the list declares its own count). */
export function shardedList(base: string, shards: number = INDEX_SPREAD): ShardedList {
  if (!Number.isInteger(shards) || shards < 1)
    throw new Error(`A sharded list needs 1 or more shards: ${shards}`);
  const partition = (shard: number) => `${base}#${shard}`;
  const shardNumbers = () => Array.from({ length: shards }, (_, shard) => shard);
  return {
    base,
    shards,
    shardOf: (id) => shardOf(id, shards),
    partitionOf: (id) => partition(shardOf(id, shards)),
    partition,
    partitions: () => shardNumbers().map(partition),
    shardNumbers,
  };
}
