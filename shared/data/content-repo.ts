/**
 * Website content records (docs/data-model.md C2–C7), generic over the kind definitions of
 * shared/domain/content.ts. A record item carries up to three index keys:
 * - GSI1 `<KIND>S#active` / website order: present only while isActive=1 (sparse), so a public list is one
 *   Query that never reads hidden records;
 * - GSI2 `<PARENT>#<id>` / website order: a property's reviews, a category's posts or attractions, also
 *   active only;
 * - GSI3 `CONTENTALL#<kind>` / id: every record of the kind, for the admin lists (bounded by the site's own
 *   content, never by traffic).
 * A page's slug is kept unique by a guard item `UNIQUE#pageUrl#<slug>` written in the same transaction (C2).
 *
 * Writes are transaction parts (labels in `contentLabels`); the caller composes them with whatever else
 * belongs to the change (its audit change part) and commits.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { batchGet, type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, type TxPart } from '../db/transaction.js';
import { type ContentKind, type ContentRecord, isActive, KIND } from '../domain/content.js';
import { getProperty } from './properties-repo.js';

export interface StoredContent {
  record: ContentRecord;
  version: number;
}

const idOf = (def: ContentKind, record: ContentRecord) => Number(record[def.idField]);
const keyOf = (def: ContentKind, id: number) => keys.contentRecord(def.entity, id);

/** The labels of a content change's parts, for reading a TransactionFailed. */
export const contentLabels = {
  put: (def: ContentKind, id: number) => `put:${def.recordType} ${id}`,
  update: (def: ContentKind, id: number) => `update:${def.recordType} ${id}`,
  delete: (def: ContentKind, id: number) => `delete:${def.recordType} ${id}`,
  /** The uniqueness guard of the kind's unique field (`guard:pageUrl`). */
  guard: (def: ContentKind) => `guard:${def.unique ?? ''}`,
  release: (def: ContentKind) => `release:${def.unique ?? ''}`,
};

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
  const items = await batchGet(ids.map((id) => keyOf(def, id)));
  return new Map(items.map((item) => [Number(item[def.idField]), fromItem(item)]));
}

/** Whether the parent a record points at exists (a review's property, a post's or attraction's category). */
export async function parentExists(def: ContentKind, parentId: number): Promise<boolean> {
  const parent = def.parent;
  if (!parent) return true;
  if (parent.kind === 'property') return (await getProperty(parentId)) !== undefined;
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keyOf(KIND[parent.kind], parentId),
      ProjectionExpression: 'PK',
    }),
  );
  return Item !== undefined;
}

/** A new record and, for a kind with a unique field, its guard. */
export function createParts(def: ContentKind, record: ContentRecord): TxPart[] {
  const id = idOf(def, record);
  const parts = [part.putIfAbsent(contentLabels.put(def, id), contentItem(def, record, 1))];
  if (def.unique)
    parts.push(part.guard(contentLabels.guard(def), def.unique, String(record[def.unique]), id));
  return parts;
}

/**
 * The record replaced, conditioned on the version it was read at (a failed `update:` part means another write
 * came first); a changed unique value releases the old guard and takes the new one.
 */
export function replaceParts(def: ContentKind, current: StoredContent, next: ContentRecord): TxPart[] {
  const id = idOf(def, next);
  const parts = [
    part.put(contentLabels.update(def, id), contentItem(def, next, current.version + 1), {
      condition: 'version = :v',
      values: { ':v': current.version },
    }),
  ];
  const unique = def.unique;
  if (unique !== undefined && current.record[unique] !== next[unique]) {
    parts.push(
      part.releaseGuard(contentLabels.release(def), unique, String(current.record[unique]), id),
      part.guard(contentLabels.guard(def), unique, String(next[unique]), id),
    );
  }
  return parts;
}

/** Hard delete: the item (at the version read) and its guard. */
export function deleteParts(def: ContentKind, current: StoredContent): TxPart[] {
  const id = idOf(def, current.record);
  const parts = [
    part.delete(contentLabels.delete(def, id), keyOf(def, id), {
      condition: 'version = :v',
      values: { ':v': current.version },
    }),
  ];
  if (def.unique) {
    parts.push(
      part.releaseGuard(contentLabels.release(def), def.unique, String(current.record[def.unique]), id),
    );
  }
  return parts;
}

/** The owner id of a unique value (page by slug, C2). */
export async function ownerOf(def: ContentKind, value: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.unique(def.unique ?? '', value) }),
  );
  return Item ? Number(Item.ownerId) : undefined;
}

/** Public list: the kind's active records in website order; `limit` bounds the read. */
export async function activeContent(def: ContentKind, limit?: number): Promise<ContentRecord[]> {
  return websiteOrdered(def, INDEX.gsi1, indexKeys.contentActive(def.activeList), limit);
}

/** Public list of one parent (reviews of a property, posts or attractions of a category). */
export async function activeContentOf(
  def: ContentKind,
  parentId: number,
  limit?: number,
): Promise<ContentRecord[]> {
  if (!def.parent) throw new Error(`${def.kind} has no parent index`);
  return websiteOrdered(def, INDEX.gsi2, indexKeys.contentByParent(def.parent.prefix, parentId), limit);
}

/** Admin list: every record of the kind, active or not (GSI3, id order). */
export async function allContent(def: ContentKind): Promise<ContentRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi3, pk: indexKeys.contentAll(def.kind) });
  return items.map(fromItem);
}

async function websiteOrdered(
  def: ContentKind,
  index: typeof INDEX.gsi1 | typeof INDEX.gsi2,
  pk: string,
  limit?: number,
): Promise<ContentRecord[]> {
  const query = { index, pk, descending: def.newestFirst === true };
  const items = limit === undefined ? await queryPartition(query) : await queryPartitionFirst(query, limit);
  return items.map(fromItem);
}
