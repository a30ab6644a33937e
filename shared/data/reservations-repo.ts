/**
 * Reservations (docs/data-model.md R1–R4): `RESERVATION#<id>` with three index keys: GSI1 a property's stays by
 * check-out (`PROPRES#<propertyId>` / `<dateTo>#<id>`: "not yet ended" is GSI1SK > today, the archive rule),
 * GSI2 a tenant's stays (`TENANTRES#<tenantId>`, absent for a block without tenant), GSI3 every stay by start
 * (`RESERVATIONS` / `<dateFrom>#<id>`: the admin list's dateFrom/dateTo as a key range). A reservation holds
 * one unit on each night (night-claims-repo.ts); it lists the units it holds (`nightUnits`) so a release or a
 * move builds its parts from the record alone. Writes are transaction parts; the service composes them.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import {
  type ClaimChanges,
  claimKindOf,
  holdsUnits,
  keepsProperty,
  RESERVATION_STATUS,
  type ReservationRecord,
} from '../domain/booking/reservation.js';
import { claimNightPart, relabelNightPart, releaseNightPart } from './night-claims-repo.js';

export { RESERVATION_STATUS };

export interface StoredReservation {
  record: ReservationRecord;
  version: number;
}

const insertLabel = (reservationId: number) => `put:reservation ${reservationId}`;
const updateLabel = (reservationId: number) => `update:reservation ${reservationId}`;

function toItem(record: ReservationRecord, version: number): Item {
  return {
    ...keys.reservation(record.reservationId),
    entity: 'reservation',
    ...record,
    version,
    GSI1PK: indexKeys.reservationsByProperty(record.propertyId),
    GSI1SK: indexKeys.reservationCheckout(record.dateTo, record.reservationId),
    ...(record.tenantId === null
      ? {}
      : {
          GSI2PK: indexKeys.reservationsByTenant(record.tenantId),
          GSI2SK: indexKeys.reservationStart(record.dateFrom, record.reservationId),
        }),
    GSI3PK: indexKeys.reservationsAll(),
    GSI3SK: indexKeys.reservationStart(record.dateFrom, record.reservationId),
  };
}

const fromItem = (item: Item): StoredReservation => ({
  record: stripKeys<ReservationRecord>(item),
  version: Number(item.version ?? 0),
});

/** R1. */
export async function getReservation(reservationId: number): Promise<StoredReservation | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.reservation(reservationId) }),
  );
  return Item ? fromItem(Item) : undefined;
}

/**
 * A new reservation or block: `put:reservation <id>` and, while its status holds units, a
 * `claim:night <date> unit <n>` for each of its `nightUnits`.
 */
export function insertReservationParts(record: ReservationRecord): TxPart[] {
  const parts = [part.putIfAbsent(insertLabel(record.reservationId), toItem(record, 1))];
  if (holdsUnits(record.status)) {
    const kind = claimKindOf(record.status);
    for (const pick of record.nightUnits)
      parts.push(claimNightPart(record.propertyId, pick, record.reservationId, kind));
  }
  return parts;
}

/**
 * A change of a reservation read at `current.version`: `update:reservation <id>` conditioned on that version,
 * then the claim changes (domain reservation.ts claimChanges): released, newly claimed, relabelled nights.
 * `next.nightUnits` must be the units held after the change.
 */
export function replaceReservationParts(
  current: StoredReservation,
  next: ReservationRecord,
  changes: ClaimChanges,
): TxPart[] {
  const id = next.reservationId;
  const kind = claimKindOf(next.status);
  // The claims are released and taken at next.propertyId: right only because a stay never moves.
  keepsProperty(current.record, next.propertyId);
  return [
    part.put(updateLabel(id), toItem(next, current.version + 1), {
      condition: 'version = :v',
      values: { ':v': current.version },
    }),
    ...changes.release.map((pick) => releaseNightPart(next.propertyId, pick, id)),
    ...changes.claim.map((pick) => claimNightPart(next.propertyId, pick, id, kind)),
    ...changes.relabel.map((pick) => relabelNightPart(next.propertyId, pick, id, kind)),
  ];
}

/** R9: a live hold's expiry entry, written with the hold (`put:hold <id>`). */
export function holdPart(record: ReservationRecord): TxPart {
  const holdUntil = record.holdUntil ?? '';
  return part.putIfAbsent(`put:hold ${record.reservationId}`, {
    ...keys.hold(record.reservationId),
    entity: 'hold',
    reservationId: record.reservationId,
    holdUntil,
    GSI1PK: indexKeys.holds(),
    GSI1SK: indexKeys.holdOrder(holdUntil, record.reservationId),
  });
}

/** R9: the hold's entry gone, with the change that ends the hold (paid in full, expired, cancelled). */
export const releaseHoldPart = (reservationId: number): TxPart =>
  part.delete(`delete:hold ${reservationId}`, keys.hold(reservationId));

/** R9: the holds that ran out by `now` (ISO time), earliest first, at most `limit`. */
export async function expiredHolds(
  now: string,
  limit: number,
): Promise<{ reservationId: number; holdUntil: string }[]> {
  const items = await queryPartitionFirst(
    { index: INDEX.gsi1, pk: indexKeys.holds(), sk: { between: ['0', `${now}#~`] } },
    limit,
  );
  return items.map((i) => ({ reservationId: Number(i.reservationId), holdUntil: String(i.holdUntil) }));
}

/** Whether a change failed because the reservation was changed since it was read (re-read and retry). */
export const reservationChanged = (error: unknown, reservationId: number): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(updateLabel(reservationId));

/** R2: a guest reservation that is not cancelled and whose check-out is after `today` (ongoing or future). */
export async function hasActiveFutureReservation(propertyId: number, today: string): Promise<boolean> {
  const found = await queryPartitionFirst(
    {
      index: INDEX.gsi1,
      pk: indexKeys.reservationsByProperty(propertyId),
      // "<today>#~" sorts after every "<today>#<id>": a stay checking out today has ended.
      sk: { after: `${today}#~` },
      filter: {
        expression: '#s <> :cancelled AND #s <> :block',
        names: { '#s': 'status' },
        values: { ':cancelled': RESERVATION_STATUS.cancelled, ':block': RESERVATION_STATUS.adminBlock },
      },
      projection: 'reservationId',
    },
    1,
  );
  return found.length > 0;
}

/** R3: a tenant's reservations by stay start. */
export async function reservationsOfTenant(tenantId: number): Promise<StoredReservation[]> {
  const items = await queryPartition({ index: INDEX.gsi2, pk: indexKeys.reservationsByTenant(tenantId) });
  return items.map(fromItem);
}

/**
 * R4: reservations whose stay starts between `from` and `to` (inclusive, either open), by start. The admin
 * list narrows further in code (property, tenant, status, search) within this key range.
 */
export async function reservationsByStart(range: {
  from?: string;
  to?: string;
}): Promise<StoredReservation[]> {
  const low = range.from ?? '0000-00-00';
  const high = `${range.to ?? '9999-12-31'}#~`;
  const items = await queryPartition({
    index: INDEX.gsi3,
    pk: indexKeys.reservationsAll(),
    sk: { between: [low, high] },
  });
  return items.map(fromItem);
}

/**
 * R2: a property's reservations by check-out, from `fromCheckout` up to `toCheckout` (both inclusive) when
 * given. The occupancy report reads a check-out range this way: only the stays in the range.
 */
export async function reservationsOfProperty(
  propertyId: number,
  range: { fromCheckout?: string; toCheckout?: string } = {},
): Promise<StoredReservation[]> {
  const items = await queryPartition({
    index: INDEX.gsi1,
    pk: indexKeys.reservationsByProperty(propertyId),
    ...(range.toCheckout || range.fromCheckout
      ? {
          sk: {
            between: [range.fromCheckout ?? '0000-00-00', `${range.toCheckout ?? '9999-12-31'}#~`] as [
              string,
              string,
            ],
          },
        }
      : {}),
  });
  return items.map(fromItem);
}
