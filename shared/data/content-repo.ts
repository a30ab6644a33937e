/**
 * Website content records (docs/data-model.md C1–C7), generic over the kind definitions of
 * shared/domain/content.ts. A record item carries up to three index keys:
 * - GSI1 `<KIND>S#active` / website order: present only while isActive=1 (sparse), so a public list is one
 *   Query that never reads hidden records;
 * - GSI2 `<PARENT>#<id>` / website order: a property's reviews, a category's posts or attractions, also
 *   active only;
 * - GSI3 `CONTENTALL#<kind>` / id: every record of the kind, for the admin lists (bounded by the site's own
 *   content, never by traffic).
 * A page's slug is kept unique by a guard item `UNIQUE#pageUrl#<slug>` written in the same transaction (C2).
 */
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes } from '../db/cancellation.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { lostRace, StaleRecord } from '../db/optimistic.js';
import { type Item, queryAll, queryFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { type ContentKind, type ContentRecord, isActive } from '../domain/content.js';
import { Conflict } from '../errors.js';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export interface StoredContent {
  record: ContentRecord;
  version: number;
}

const idOf = (def: ContentKind, record: ContentRecord) => Number(record[def.idField]);
const keyOf = (def: ContentKind, id: number) => keys.contentRecord(def.entity, id);

function guardKey(def: ContentKind, value: unknown) {
  return keys.unique(def.unique ?? '', String(value));
}

export function contentItem(def: ContentKind, record: ContentRecord, version: number): Item {
  const id = idOf(def, record);
  const item: Item = {
    ...keyOf(def, id),
    entity: def.entity.toLowerCase(),
    ...record,
    version,
    GSI3PK: indexKeys.contentAll(def.kind),
    GSI3SK: indexKeys.contentById(id),
  };
  if (isActive(record)) {
    item.GSI1PK = indexKeys.contentActive(def.activeList);
    item.GSI1SK = def.order(record);
    const parentId = def.parent ? record[def.parent.field] : undefined;
    if (def.parent && parentId !== undefined) {
      item.GSI2PK = indexKeys.contentByParent(def.parent.prefix, Number(parentId));
      item.GSI2SK = def.order(record);
    }
  }
  return item;
}

const fromItem = (item: Item): ContentRecord => stripKeys<ContentRecord>(item);

export async function getContent(def: ContentKind, id: number): Promise<StoredContent | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keyOf(def, id) }));
  return Item ? { record: fromItem(Item), version: Number(Item.version ?? 0) } : undefined;
}

/** Several records of a kind by id (BatchGetItem; ids that do not exist are simply absent). */
export async function getContents(
  def: ContentKind,
  ids: readonly number[],
): Promise<Map<number, ContentRecord>> {
  const found = new Map<number, ContentRecord>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let requestKeys: Record<string, unknown>[] = unique
      .slice(i, i + 100)
      .map((id) => ({ ...keyOf(def, id) }));
    for (let attempt = 0; requestKeys.length > 0; attempt++) {
      const res = await ddb.send(
        new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: requestKeys } } }),
      );
      for (const item of res.Responses?.[TABLE_NAME] ?? [])
        found.set(Number(item[def.idField]), fromItem(item));
      requestKeys = (res.UnprocessedKeys?.[TABLE_NAME]?.Keys ?? []) as Record<string, unknown>[];
      if (requestKeys.length && attempt > 8) throw new Error('DynamoDB kept keys unprocessed');
      if (requestKeys.length) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }
  return found;
}

/** Create (or, for fixtures, overwrite a missing record): the item and its unique guard in one transaction. */
export async function insertContent(def: ContentKind, record: ContentRecord): Promise<void> {
  const transactItems: TransactItems = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: contentItem(def, record, 1),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
  if (def.unique) transactItems.push(guardPut(def, record));
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed')
      throw new Conflict(`${def.label} ${idOf(def, record)} already exists`);
    if (codes?.[1] === 'ConditionalCheckFailed') throw duplicate(def, record);
    throw error;
  }
}

/** Replace a record read at `current.version`; a changed unique value moves its guard in the same transaction. */
export async function replaceContent(
  def: ContentKind,
  current: StoredContent,
  next: ContentRecord,
): Promise<void> {
  const transactItems: TransactItems = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: contentItem(def, next, current.version + 1),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': current.version },
      },
    },
  ];
  const moved = def.unique !== undefined && current.record[def.unique] !== next[def.unique];
  if (moved) {
    transactItems.push(
      { Delete: { TableName: TABLE_NAME, Key: guardKey(def, current.record[def.unique ?? '']) } },
      guardPut(def, next),
    );
  }
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    if (lostRace(error)) throw new StaleRecord(`${def.label} changed since it was read`);
    if (moved && cancellationCodes(error)?.[2] === 'ConditionalCheckFailed') throw duplicate(def, next);
    throw error;
  }
}

/** Hard delete: the item and its guard, conditioned on the version read. */
export async function deleteContent(def: ContentKind, current: StoredContent): Promise<void> {
  const id = idOf(def, current.record);
  const transactItems: TransactItems = [
    {
      Delete: {
        TableName: TABLE_NAME,
        Key: keyOf(def, id),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': current.version },
      },
    },
  ];
  if (def.unique)
    transactItems.push({ Delete: { TableName: TABLE_NAME, Key: guardKey(def, current.record[def.unique]) } });
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    if (lostRace(error)) throw new StaleRecord(`${def.label} changed since it was read`);
    throw error;
  }
}

/** The owner id of a unique value (page by slug, C2). */
export async function ownerOf(def: ContentKind, value: string): Promise<number | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: guardKey(def, value) }));
  return Item ? Number(Item.ownerId) : undefined;
}

/** Public list: the kind's active records in website order; `limit` bounds the read. */
export async function activeContent(def: ContentKind, limit?: number): Promise<ContentRecord[]> {
  return queryIndex(INDEX.gsi1, 'GSI1PK', indexKeys.contentActive(def.activeList), def, limit);
}

/** Public list of one parent (reviews of a property, posts or attractions of a category). */
export async function activeContentOf(
  def: ContentKind,
  parentId: number,
  limit?: number,
): Promise<ContentRecord[]> {
  if (!def.parent) throw new Error(`${def.kind} has no parent index`);
  return queryIndex(INDEX.gsi2, 'GSI2PK', indexKeys.contentByParent(def.parent.prefix, parentId), def, limit);
}

/** Admin list: every record of the kind, active or not (GSI3, id order). */
export async function allContent(def: ContentKind): Promise<ContentRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi3,
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.contentAll(def.kind) },
  });
  return items.map(fromItem);
}

async function queryIndex(index: string, pkName: string, pk: string, def: ContentKind, limit?: number) {
  const input = {
    TableName: TABLE_NAME,
    IndexName: index,
    KeyConditionExpression: `${pkName} = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
    ScanIndexForward: !def.newestFirst,
  };
  const items = limit === undefined ? await queryAll(input) : await queryFirst(input, limit);
  return items.map(fromItem);
}

// C1: the CMS block row.

export async function getBlocks(): Promise<ContentRecord> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.contentBlocks() }));
  return Item ? fromItem(Item) : {};
}

/**
 * Sets the given blocks in the row with one UpdateItem (one admin edits one block without resending the
 * others, and two admins editing different blocks never overwrite each other).
 */
export async function putBlocks(blocks: ContentRecord): Promise<ContentRecord> {
  const entries = Object.entries(blocks).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': 'contentBlocks' };
  const sets = ['#entity = :entity'];
  entries.forEach(([key, value], i) => {
    names[`#k${i}`] = key;
    values[`:v${i}`] = value;
    sets.push(`#k${i} = :v${i}`);
  });
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.contentBlocks(),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes ? fromItem(Attributes) : {};
}

function guardPut(def: ContentKind, record: ContentRecord) {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...guardKey(def, record[def.unique ?? '']), entity: 'unique', ownerId: idOf(def, record) },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

function duplicate(def: ContentKind, record: ContentRecord) {
  return new Conflict(
    `Another ${def.label} already uses ${def.unique} "${String(record[def.unique ?? ''])}"`,
  );
}
