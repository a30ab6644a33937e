/**
 * Housekeeping requests (docs/data-model.md H1–H4): `HKREQ#<id>` with three index keys by request date:
 * GSI1 every request (`HKREQS`), GSI2 a housekeeper's (`HKASSIGNED#<adminId>`, only while assigned), GSI3 a
 * property's (`PROPHK#<propertyId>`). A turnover also has its guard `TURNOVER#<reservationId>` → requestId,
 * put-if-absent in the request's create, so one reservation never gets two. Writes are transaction parts.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { HousekeepingRecord } from '../domain/housekeeping/request.js';

export const HOUSEKEEPING_ENTITY = 'housekeeping';
export const HOUSEKEEPING_COUNTER = 'housekeeping';

export interface StoredRequest {
  record: HousekeepingRecord;
  version: number;
}

const insertLabel = (requestId: number) => `put:housekeeping ${requestId}`;
const updateLabel = (requestId: number) => `update:housekeeping ${requestId}`;
const TURNOVER_GUARD_LABEL = 'guard:turnover';

function toItem(record: HousekeepingRecord, version: number): Item {
  const order = indexKeys.housekeepingOrder(record.requestDate, record.requestId);
  return {
    ...keys.housekeepingRequest(record.requestId),
    entity: HOUSEKEEPING_ENTITY,
    ...record,
    version,
    GSI1PK: indexKeys.housekeepingRequests(),
    GSI1SK: order,
    ...(record.assignedTo === null
      ? {}
      : { GSI2PK: indexKeys.housekeepingByAssignee(record.assignedTo), GSI2SK: order }),
    GSI3PK: indexKeys.housekeepingByProperty(record.propertyId),
    GSI3SK: order,
  };
}

const fromItem = (item: Item): StoredRequest => ({
  record: stripKeys<HousekeepingRecord>(item),
  version: Number(item.version ?? 0),
});

/** H1. */
export async function getRequest(requestId: number): Promise<StoredRequest | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.housekeepingRequest(requestId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
}

/** A new request: `put:housekeeping <id>` (and its turnover guard when it belongs to a reservation). */
export function insertRequestParts(record: HousekeepingRecord): TxPart[] {
  const parts = [part.putIfAbsent(insertLabel(record.requestId), toItem(record, 1))];
  if (record.reservationId !== null)
    parts.push(
      part.putIfAbsent(TURNOVER_GUARD_LABEL, {
        ...keys.turnover(record.reservationId),
        entity: 'turnover',
        requestId: record.requestId,
      }),
    );
  return parts;
}

/** A change of a request read at `current.version`: `update:housekeeping <id>` conditioned on that version. */
export function replaceRequestPart(current: StoredRequest, next: HousekeepingRecord): TxPart {
  return part.put(updateLabel(next.requestId), toItem(next, current.version + 1), {
    condition: 'version = :v',
    values: { ':v': current.version },
  });
}

/** Whether a change failed because the request changed since it was read (re-read and retry). */
export const requestChanged = (error: unknown, requestId: number): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(updateLabel(requestId));

/** Whether a turnover create lost to another delivery that created the reservation's turnover first. */
export const turnoverTaken = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(TURNOVER_GUARD_LABEL);

/** The turnover request of a reservation, through its guard (strongly consistent: the job re-reads after a race). */
export async function turnoverOf(reservationId: number): Promise<StoredRequest | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.turnover(reservationId), ConsistentRead: true }),
  );
  return Item ? getRequest(Number(Item.requestId)) : undefined;
}

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

const dateKeyRange = (range: DateRange): { between: [string, string] } => ({
  between: [range.from ?? '0000-00-00', `${range.to ?? '9999-12-31'}#~`],
});

/**
 * The requests of one list partition by request date within `range` (inclusive): H3 a housekeeper's, H4 a
 * property's, else H2 all. Bounded by the business's own cleaning jobs; narrow with dateFrom/dateTo.
 */
export async function requestsByDate(
  scope: { assignedTo: number } | { propertyId: number } | 'all',
  range: DateRange,
): Promise<HousekeepingRecord[]> {
  const where =
    scope === 'all'
      ? { index: INDEX.gsi1, pk: indexKeys.housekeepingRequests() }
      : 'assignedTo' in scope
        ? { index: INDEX.gsi2, pk: indexKeys.housekeepingByAssignee(scope.assignedTo) }
        : { index: INDEX.gsi3, pk: indexKeys.housekeepingByProperty(scope.propertyId) };
  const items = await queryPartition({ ...where, sk: dateKeyRange(range) });
  return items.map((item) => fromItem(item).record);
}
