/** Query helpers: read a bounded partition whole, or just the first n items of an ordered one. */

import { BatchGetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { jitteredBackoff } from '../backoff.js';
import { pausedForRetry, type RetryPolicy } from '../retry-policy.js';
import { ddb, TABLE_NAME } from './client.js';
import type { Key } from './keys.js';
import { GLOBAL_INDEXES, type INDEX } from './table-definition.js';

export type Item = Record<string, unknown>;

export async function queryAll(input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** One request's Limit: DynamoDB answers at most 1 MB a page anyway, and a deep page must not overflow it. */
const MAX_QUERY_LIMIT = 1000;

/** The first `count` items in key order: an offset page costs page × limit items, never the whole partition. */
export async function queryFirst(input: QueryCommandInput, count: number): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        ...input,
        Limit: Math.min(count - items.length, MAX_QUERY_LIMIT),
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < count);
  return items;
}

/** Removes the storage-only attributes (keys, index keys, bookkeeping) from an item. */
export function stripKeys<T>(item: Item): T {
  const {
    PK: _pk,
    SK: _sk,
    GSI1PK: _g1p,
    GSI1SK: _g1s,
    GSI2PK: _g2p,
    GSI2SK: _g2s,
    GSI3PK: _g3p,
    GSI3SK: _g3s,
    entity: _entity,
    version: _version,
    expiresAt: _expires,
    ...rest
  } = item;
  return rest as T;
}

export type IndexName = (typeof INDEX)[keyof typeof INDEX];

/** A key condition on one partition of an index (or the table), with an optional sort-key range. */
export interface PartitionQuery {
  /** An index (GSI1 …), or omitted for the table's own PK/SK. */
  index?: IndexName;
  pk: string;
  /** Sort key condition: between two values (inclusive), greater than a value, or a prefix. */
  sk?: { between: [string, string] } | { after: string } | { beginsWith: string };
  /** Newest (highest sort key) first. */
  descending?: boolean;
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  projection?: string;
  /** A strongly consistent read (the table's own key only: index reads are eventually consistent). */
  consistent?: boolean;
}

/** Builds the QueryCommand input of a PartitionQuery; the key attribute names come from the table definition. */
export function partitionQuery(query: PartitionQuery): QueryCommandInput {
  const index = query.index ? GLOBAL_INDEXES.find((i) => i.name === query.index) : undefined;
  const pkName = index?.pk ?? 'PK';
  const skName = index?.sk ?? 'SK';
  const names: Record<string, string> = { '#pk': pkName, ...(query.filter?.names ?? {}) };
  const values: Record<string, unknown> = { ':pk': query.pk, ...(query.filter?.values ?? {}) };
  let condition = '#pk = :pk';
  if (query.sk) {
    names['#sk'] = skName;
    if ('between' in query.sk) {
      condition += ' AND #sk BETWEEN :skFrom AND :skTo';
      values[':skFrom'] = query.sk.between[0];
      values[':skTo'] = query.sk.between[1];
    } else if ('after' in query.sk) {
      condition += ' AND #sk > :skAfter';
      values[':skAfter'] = query.sk.after;
    } else {
      condition += ' AND begins_with(#sk, :skPrefix)';
      values[':skPrefix'] = query.sk.beginsWith;
    }
  }
  return {
    TableName: TABLE_NAME,
    ...(query.index ? { IndexName: query.index } : {}),
    KeyConditionExpression: condition,
    ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(query.descending ? { ScanIndexForward: false } : {}),
    ...(query.projection ? { ProjectionExpression: query.projection } : {}),
    ...(query.consistent ? { ConsistentRead: true } : {}),
  };
}

/** Every item of a (bounded) partition. */
export const queryPartition = (query: PartitionQuery) => queryAll(partitionQuery(query));

/**
 * A partition page by page (`pageSize` items a Query, fewer on DynamoDB's 1 MB), for a walk that must never
 * hold the whole partition: the caller hands each page on before the next is read.
 */
export async function* partitionPages(query: PartitionQuery, pageSize: number): AsyncGenerator<Item[]> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        ...partitionQuery(query),
        Limit: Math.min(pageSize, MAX_QUERY_LIMIT),
        ExclusiveStartKey,
      }),
    );
    const items = (page.Items ?? []) as Item[];
    if (items.length > 0) yield items;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** The first `count` items of a partition in key order (an offset page reads page × limit items). */
export const queryPartitionFirst = (query: PartitionQuery, count: number) =>
  queryFirst(partitionQuery(query), count);

/** How many items of a partition match (a COUNT query, page by page: the filter applies, nothing is returned). */
export async function countPartition(query: PartitionQuery): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({ ...partitionQuery(query), Select: 'COUNT', ExclusiveStartKey }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

const BATCH_GET_MAX = 100;
/** Reads of the keys DynamoDB left unprocessed, the first included, with jittered waits up to 50 ms … 1 s. */
const BATCH_GET_RETRY: RetryPolicy = { maxTries: 8, backoff: jitteredBackoff(25) };

/**
 * Many items by key (BatchGetItem, 100 keys a request), retrying the keys DynamoDB leaves unprocessed with
 * backoff. Keys that do not exist are simply absent; the order of the answer is not the order of `keys`.
 */
export async function batchGet(keys: readonly Key[]): Promise<Item[]> {
  const found: Item[] = [];
  const distinct = [...new Map(keys.map((k) => [`${k.PK}\u0000${k.SK}`, k])).values()];
  for (let i = 0; i < distinct.length; i += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = distinct.slice(i, i + BATCH_GET_MAX).map((k) => ({ ...k }));
    for (let tries = 1; pending.length > 0; tries++) {
      const result = await ddb.send(
        new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: pending } } }),
      );
      found.push(...((result.Responses?.[TABLE_NAME] ?? []) as Item[]));
      pending = (result.UnprocessedKeys?.[TABLE_NAME]?.Keys ?? []) as Record<string, unknown>[];
      if (pending.length === 0) break;
      if (!(await pausedForRetry(BATCH_GET_RETRY, tries)))
        throw new Error('DynamoDB kept keys unprocessed after retries');
    }
  }
  return found;
}
