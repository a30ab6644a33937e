/**
 * Properties, their images and day prices (docs/data-model.md, "Properties"). The property item carries
 * three index keys: GSI1 every property of a kind by id (admin list), GSI2 a landlord's properties, GSI3 the
 * public catalog, present only while the property is on the website and not archived (a sparse index, so the
 * catalog never reads hidden properties). Totals are maintained counts, moved in the same transaction.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes } from '../db/cancellation.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { countDelta, readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { lostRace, StaleRecord } from '../db/optimistic.js';
import { type Item, queryAll, queryFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { addDays } from '../domain/dates.js';
import { isVisible, type PropertyKind, type PropertyRecord } from '../domain/property.js';
import { Conflict } from '../errors.js';

export interface StoredProperty {
  record: PropertyRecord;
  version: number;
  reservationSeq: number;
}

export interface PropertyImage {
  pictureId: number;
  propertyId: number;
  pictureName: string;
  pictureUrl: string;
  isFeatured: 0 | 1;
  pictureOrder: number;
  pictureDate: string;
}

export interface DayPrice {
  propertyId: number;
  date: string;
  rateCents: number;
}

const normalizedName = (name: string) => name.trim().toLowerCase();
const nameGuard = (name: string) => keys.unique('propertyName', normalizedName(name));
const allCount = (type: PropertyKind) => `properties-${type}`;
const catalogCount = (type: PropertyKind) => `catalog-${type}`;
/** The catalog total sorts before every property in its GSI3 partition ('!' < '0'), so one Query reads both. */
const CATALOG_COUNT_SORT = '!count';

/** Moves a kind's catalog total; the count item also sits at the head of the catalog index partition. */
export function catalogCountDelta(type: PropertyKind, delta: number) {
  const item = countDelta(catalogCount(type), delta);
  return {
    Update: {
      ...item.Update,
      UpdateExpression: `${item.Update.UpdateExpression}, GSI3PK = :catalogPk, GSI3SK = :catalogSk`,
      ExpressionAttributeValues: {
        ...item.Update.ExpressionAttributeValues,
        ':catalogPk': indexKeys.catalog(type),
        ':catalogSk': CATALOG_COUNT_SORT,
      },
    },
  };
}

const isPropertyItem = (item: Item) => item.entity === 'property';

function toItem(record: PropertyRecord, version: number, reservationSeq: number): Item {
  const item: Item = {
    ...keys.property(record.propertyId),
    entity: 'property',
    ...record,
    version,
    reservationSeq,
    GSI1PK: indexKeys.propertiesByType(record.type),
    GSI1SK: indexKeys.propertyById(record.propertyId),
    GSI2PK: indexKeys.propertiesByLandlord(record.landlord),
    GSI2SK: indexKeys.propertyById(record.propertyId),
  };
  if (isVisible(record)) {
    item.GSI3PK = indexKeys.catalog(record.type);
    item.GSI3SK = indexKeys.catalogOrder(record.isFeatured === 1, record.propertyName, record.propertyId);
  }
  return item;
}

function fromItem(item: Item): PropertyRecord {
  const { reservationSeq: _seq, ...rest } = stripKeys<PropertyRecord & { reservationSeq?: number }>(item);
  return rest;
}

export async function getProperty(propertyId: number): Promise<StoredProperty | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.property(propertyId) }));
  if (!Item) return undefined;
  return {
    record: fromItem(Item),
    version: Number(Item.version ?? 0),
    reservationSeq: Number(Item.reservationSeq ?? 0),
  };
}

/** Create: the property, its name guard and the totals in one transaction (409 on a taken name). */
export async function insertProperty(record: PropertyRecord): Promise<void> {
  const transactItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: toItem(record, 1, 0),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...nameGuard(record.propertyName), entity: 'unique', ownerId: record.propertyId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    countDelta(allCount(record.type), 1),
  ];
  if (isVisible(record)) transactItems.push(catalogCountDelta(record.type, 1));
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[1] === 'ConditionalCheckFailed')
      throw new Conflict(`A property named "${record.propertyName}" already exists`);
    throw error;
  }
}

/**
 * Replace a property read at `current.version`. A rename moves the name guard; a visibility change moves the
 * catalog total. `expectReservationSeq` makes the write fail if a reservation was booked since it was read
 * (the archive rule). Throws StaleRecord when another write came first (the caller re-reads and retries).
 */
export async function replaceProperty(
  current: StoredProperty,
  next: PropertyRecord,
  options: { expectReservationSeq?: number } = {},
): Promise<void> {
  const condition = ['version = :v'];
  const values: Record<string, unknown> = { ':v': current.version };
  if (options.expectReservationSeq !== undefined) {
    condition.push('(attribute_not_exists(reservationSeq) OR reservationSeq = :seq)');
    values[':seq'] = options.expectReservationSeq;
  }
  const transactItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: toItem(next, current.version + 1, current.reservationSeq),
        ConditionExpression: condition.join(' AND '),
        ExpressionAttributeValues: values,
      },
    },
  ];
  const renamed = normalizedName(current.record.propertyName) !== normalizedName(next.propertyName);
  if (renamed) {
    transactItems.push(
      { Delete: { TableName: TABLE_NAME, Key: nameGuard(current.record.propertyName) } },
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...nameGuard(next.propertyName), entity: 'unique', ownerId: next.propertyId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    );
  }
  const visibilityDelta = Number(isVisible(next)) - Number(isVisible(current.record));
  if (visibilityDelta !== 0) transactItems.push(catalogCountDelta(next.type, visibilityDelta));
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    if (lostRace(error)) throw new StaleRecord('property changed since it was read');
    if (renamed && cancellationCodes(error)?.[2] === 'ConditionalCheckFailed')
      throw new Conflict(`A property named "${next.propertyName}" already exists`);
    throw error;
  }
}

/** Admin list, unfiltered: the first page × limit properties of a kind in id order, and the kind's total. */
export async function firstPropertiesOfType(type: PropertyKind, count: number): Promise<PropertyRecord[]> {
  const items = await queryFirst(
    {
      TableName: TABLE_NAME,
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.propertiesByType(type) },
    },
    count,
  );
  return items.map(fromItem);
}

export async function allPropertiesOfType(type: PropertyKind): Promise<PropertyRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.propertiesByType(type) },
  });
  return items.map(fromItem);
}

export async function propertiesOfLandlord(adminId: number): Promise<PropertyRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.propertiesByLandlord(adminId) },
  });
  return items.map(fromItem);
}

export const countProperties = (type: PropertyKind) => readCount(allCount(type));
export const countCatalog = (type: PropertyKind) => readCount(catalogCount(type));

/**
 * Public catalog in website order (featured first, then by name) with its total, in one Query: the count item
 * heads the partition, then the first `count` properties. `count` bounds the read.
 */
export async function firstCatalogPage(
  type: PropertyKind,
  count: number,
): Promise<{ total: number; records: PropertyRecord[] }> {
  const items = await queryFirst(
    {
      TableName: TABLE_NAME,
      IndexName: INDEX.gsi3,
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.catalog(type) },
    },
    count + 1,
  );
  const head = items[0];
  const total = head && !isPropertyItem(head) ? Number(head.value ?? 0) : 0;
  return { total, records: items.filter(isPropertyItem).slice(0, count).map(fromItem) };
}

export async function allCatalogProperties(type: PropertyKind): Promise<PropertyRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi3,
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.catalog(type) },
  });
  return items.filter(isPropertyItem).map(fromItem);
}

/** Ids of the visible properties of a kind, reading only keys of the catalog index. */
export async function catalogPropertyIds(type: PropertyKind): Promise<Set<number>> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi3,
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.catalog(type) },
    ProjectionExpression: 'propertyId, entity',
  });
  return new Set(items.filter(isPropertyItem).map((i) => Number(i.propertyId)));
}

/** The property and its images in one Query of its partition (the images sort after nothing else). */
export async function getPropertyImages(propertyId: number): Promise<PropertyImage[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :img)',
      ExpressionAttributeValues: { ':pk': keys.propertyPartition(propertyId), ':img': keys.imagePrefix },
    }),
  );
  return (Items ?? []).map((i) => stripKeys<PropertyImage>(i));
}

export async function imagesOfType(type: PropertyKind): Promise<PropertyImage[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.imagesByType(type) },
  });
  return items.map((i) => stripKeys<PropertyImage>(i));
}

export function imageItem(type: PropertyKind, image: PropertyImage): Item {
  return {
    ...keys.image(image.propertyId, image.pictureOrder, image.pictureId),
    entity: 'image',
    ...image,
    GSI1PK: indexKeys.imagesByType(type),
    GSI1SK: indexKeys.imageOrder(image.propertyId, image.pictureOrder, image.pictureId),
  };
}

export function dayPriceItem(price: DayPrice): Item {
  return { ...keys.dayPrice(price.propertyId, price.date), entity: 'dayPrice', ...price };
}

export async function dayPrices(propertyId: number, from: string, toExclusive: string): Promise<DayPrice[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.propertyPartition(propertyId),
      ':from': `${keys.dayPricePrefix}${from}`,
      // BETWEEN is inclusive; the end date is a check-out, so its own price is not part of the stay.
      ':to': `${keys.dayPricePrefix}${addDays(toExclusive, -1)}`,
    },
  });
  return items.map((i) => stripKeys<DayPrice>(i));
}

/** Used by seeding: the property item as the transaction in insertProperty would write it. */
export const propertyItem = (record: PropertyRecord) => toItem(record, 1, 0);
export const propertyNameGuardItem = (record: PropertyRecord) => ({
  ...nameGuard(record.propertyName),
  entity: 'unique',
  ownerId: record.propertyId,
});
