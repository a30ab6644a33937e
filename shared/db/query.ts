/** Query helpers: read a bounded partition whole, or just the first n items of an ordered one. */

import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client.js';

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
