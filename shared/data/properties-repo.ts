/**
 * Property records (docs/data-model.md P1–P6; images and day prices have their own repositories). The
 * property item carries three index keys: GSI1 every property of a kind by id (admin list), GSI2 a landlord's
 * properties, GSI3 the public catalog, present only while the property is on the website and not archived (a
 * sparse index, so the catalog never reads hidden properties). Totals are maintained counts, moved in the
 * same transaction. Writes are returned as transaction parts; a service adds its own (the change record) and
 * commits, then passes a failure through `propertyWriteError`.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { StaleRecord } from '../db/optimistic.js';
import { type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { commit, part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { isVisible, type PropertyKind, type PropertyRecord } from '../domain/property.js';
import { Conflict } from '../errors.js';

export interface StoredProperty {
  record: PropertyRecord;
  version: number;
  reservationSeq: number;
}

const NAME_GUARD = 'propertyName';
const NAME_GUARD_LABEL = `guard:${NAME_GUARD}`;
const normalizedName = (name: string) => name.trim().toLowerCase();
const allCount = (type: PropertyKind) => `properties-${type}`;
const catalogCount = (type: PropertyKind) => `catalog-${type}`;
/** The catalog total sorts before every property in its GSI3 partition ('!' < '0'), so one Query reads both. */
const CATALOG_COUNT_SORT = '!count';

const insertLabel = (propertyId: number) => `put:property ${propertyId}`;
const updateLabel = (propertyId: number) => `update:property ${propertyId}`;

/** Moves a kind's catalog total; the count item also sits at the head of the catalog index partition. */
export function catalogCountPart(type: PropertyKind, delta: number): TxPart {
  return part.countMove(`count:${catalogCount(type)}`, catalogCount(type), delta, {
    GSI3PK: indexKeys.catalog(type),
    GSI3SK: CATALOG_COUNT_SORT,
  });
}

const allCountPart = (type: PropertyKind, delta: number) =>
  part.countMove(`count:${allCount(type)}`, allCount(type), delta);

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

/**
 * Create: `put:property <id>`, `guard:propertyName` and the totals (`count:properties-<kind>`, and
 * `count:catalog-<kind>` when visible).
 */
export function insertPropertyParts(record: PropertyRecord): TxPart[] {
  const parts = [
    part.putIfAbsent(insertLabel(record.propertyId), toItem(record, 1, 0)),
    part.guard(NAME_GUARD_LABEL, NAME_GUARD, normalizedName(record.propertyName), record.propertyId),
    allCountPart(record.type, 1),
  ];
  if (isVisible(record)) parts.push(catalogCountPart(record.type, 1));
  return parts;
}

/**
 * Replace a property read at `current.version`: `update:property <id>` conditioned on that version; a rename
 * moves the name guard (`release:propertyName`, `guard:propertyName`); a visibility change moves the catalog
 * total. `expectReservationSeq` also conditions the write on no reservation having been booked since the
 * read (the archive rule).
 */
export function replacePropertyParts(
  current: StoredProperty,
  next: PropertyRecord,
  options: { expectReservationSeq?: number } = {},
): TxPart[] {
  const condition = ['version = :v'];
  const values: Record<string, unknown> = { ':v': current.version };
  if (options.expectReservationSeq !== undefined) {
    condition.push('(attribute_not_exists(reservationSeq) OR reservationSeq = :seq)');
    values[':seq'] = options.expectReservationSeq;
  }
  const parts = [
    part.put(updateLabel(next.propertyId), toItem(next, current.version + 1, current.reservationSeq), {
      condition: condition.join(' AND '),
      values,
    }),
  ];
  const before = normalizedName(current.record.propertyName);
  const after = normalizedName(next.propertyName);
  if (before !== after) {
    parts.push(
      part.releaseGuard(`release:${NAME_GUARD}`, NAME_GUARD, before, next.propertyId),
      part.guard(NAME_GUARD_LABEL, NAME_GUARD, after, next.propertyId),
    );
  }
  const visibilityDelta = Number(isVisible(next)) - Number(isVisible(current.record));
  if (visibilityDelta !== 0) parts.push(catalogCountPart(next.type, visibilityDelta));
  return parts;
}

/** The label of a booking's reservationSeq bump (DESIGN.md "Transactions"). */
export const RESERVATION_SEQ_LABEL = 'update:property reservationSeq';

/**
 * A booking's (or a move's) `update:property reservationSeq`: ADD 1 on the property item, only while the
 * property exists and is not archived. With the archive's condition on the value it read (replacePropertyParts
 * `expectReservationSeq`), a booking and an archive that race cannot both commit.
 */
export const reservationSeqPart = (propertyId: number): TxPart =>
  part.update(RESERVATION_SEQ_LABEL, keys.property(propertyId), 'ADD reservationSeq :one', {
    condition: 'attribute_exists(PK) AND isArchived = :no',
    values: { ':one': 1, ':no': 0 },
  });

/** The label of a lease write's check that its property still takes leases. */
export const LEASABLE_PROPERTY_LABEL = 'check:property leasable';

/**
 * A lease write's `check:property leasable`: the property exists, is LTR and is not archived when the lease
 * commits (an archive that lands after the service read the property fails the lease, docs/leases.md).
 */
export const leasablePropertyPart = (propertyId: number): TxPart =>
  part.check(
    LEASABLE_PROPERTY_LABEL,
    keys.property(propertyId),
    'attribute_exists(PK) AND isArchived = :no AND #type = :ltr',
    {
      names: { '#type': 'type' },
      values: { ':no': 0, ':ltr': 'ltr' },
    },
  );

/**
 * The domain's reading of a failed property write: on a replace, the version (or reservationSeq) condition,
 * or conflicts that outlasted the commit's retries, are StaleRecord (re-read and retry, as before the
 * builder); a taken name is a 409. Anything else is returned as it came.
 */
export function propertyWriteError(
  error: unknown,
  record: PropertyRecord,
  parts: readonly TxPart[],
): unknown {
  if (!(error instanceof TransactionFailed)) return error;
  const update = updateLabel(record.propertyId);
  const replacing = parts.some((p) => p.label === update);
  if (replacing && (error.conditionFailed(update) || error.transient))
    return new StaleRecord('property changed since it was read');
  if (error.conditionFailed(NAME_GUARD_LABEL))
    return new Conflict(`A property named "${record.propertyName}" already exists`);
  return error;
}

/** Commits a property change composed by a service (its parts plus the service's own). */
export async function commitPropertyChange(parts: readonly TxPart[], record: PropertyRecord): Promise<void> {
  try {
    await commit(parts);
  } catch (error) {
    throw propertyWriteError(error, record, parts);
  }
}

/** Create without a change record (fixture loading, benchmarks): 409 on a taken name. */
export const insertProperty = (record: PropertyRecord) =>
  commitPropertyChange(insertPropertyParts(record), record);

/** Replace without a change record (fixture loading): StaleRecord when another write came first. */
export const replaceProperty = (
  current: StoredProperty,
  next: PropertyRecord,
  options: { expectReservationSeq?: number } = {},
) => commitPropertyChange(replacePropertyParts(current, next, options), next);

/** P2: the first `count` properties of a kind in id order (admin list, unfiltered). */
export async function firstPropertiesOfType(type: PropertyKind, count: number): Promise<PropertyRecord[]> {
  const items = await queryPartitionFirst({ index: INDEX.gsi1, pk: indexKeys.propertiesByType(type) }, count);
  return items.map(fromItem);
}

/** P3: every property of a kind (bounded), for filtered admin lists. */
export async function allPropertiesOfType(type: PropertyKind): Promise<PropertyRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.propertiesByType(type) });
  return items.map(fromItem);
}

/** P4: a landlord's properties. */
export async function propertiesOfLandlord(adminId: number): Promise<PropertyRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi2, pk: indexKeys.propertiesByLandlord(adminId) });
  return items.map(fromItem);
}

export const countProperties = (type: PropertyKind) => readCount(allCount(type));
export const countCatalog = (type: PropertyKind) => readCount(catalogCount(type));

/**
 * P5/P6: public catalog in website order (featured first, then by name) with its total, in one Query: the
 * count item heads the partition, then the first `count` properties. `count` bounds the read.
 */
export async function firstCatalogPage(
  type: PropertyKind,
  count: number,
): Promise<{ total: number; records: PropertyRecord[] }> {
  const items = await queryPartitionFirst({ index: INDEX.gsi3, pk: indexKeys.catalog(type) }, count + 1);
  const head = items[0];
  const total = head && !isPropertyItem(head) ? Number(head.value ?? 0) : 0;
  return { total, records: items.filter(isPropertyItem).slice(0, count).map(fromItem) };
}

/** P5 whole (filtered catalog lists). */
export async function allCatalogProperties(type: PropertyKind): Promise<PropertyRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi3, pk: indexKeys.catalog(type) });
  return items.filter(isPropertyItem).map(fromItem);
}

/** Ids of the visible properties of a kind, reading only keys of the catalog index. */
export async function catalogPropertyIds(type: PropertyKind): Promise<Set<number>> {
  const items = await queryPartition({
    index: INDEX.gsi3,
    pk: indexKeys.catalog(type),
    projection: 'propertyId, entity',
  });
  return new Set(items.filter(isPropertyItem).map((i) => Number(i.propertyId)));
}

/** Used by bulk loading (benchmarks): the items insertPropertyParts would write for a record. */
export const propertyItem = (record: PropertyRecord) => toItem(record, 1, 0);
export const propertyNameGuardItem = (record: PropertyRecord) => ({
  ...keys.unique(NAME_GUARD, normalizedName(record.propertyName)),
  entity: 'unique',
  ownerId: record.propertyId,
});
