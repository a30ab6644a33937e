/**
 * A stay written as a record gives it (docs/fixtures.md `reservations`): its id, tenant, status, source and
 * dates as given, the booking rules not checked (past stays load), the lowest free unit of each night like
 * any booking. A stay already stored under that id is moved onto the given one: its old claims released, the
 * new ones taken, in one transaction conditioned on its version. The parts carry the change record like every
 * reservation write; the fixture loader leaves it out (seeding announces nothing).
 */
import { changePart } from '../../data/changes-repo.js';
import { nightClaims } from '../../data/night-claims-repo.js';
import { getProperty } from '../../data/properties-repo.js';
import {
  getReservation,
  holdPart,
  insertReservationParts,
  releaseHoldPart,
  replaceReservationParts,
} from '../../data/reservations-repo.js';
import type { TxPart } from '../../db/transaction.js';
import { unitsOf } from '../../domain/booking/bookable.js';
import { MAX_NIGHTS_PER_TRANSACTION, pickUnits } from '../../domain/booking/capacity.js';
import {
  claimChanges,
  claimKindOf,
  holdsUnits,
  isHeld,
  keepsProperty,
  type ReservationRecord,
  reservationChange,
} from '../../domain/booking/reservation.js';
import { nightsOf, stayOf } from '../../domain/booking/stay.js';
import { BadRequest } from '../../errors.js';
import { StayUnavailable } from './stay-checks.js';
import type { WriteContext } from './write-context.js';

/** The holds index follows the stay: an entry for a hold that starts, none once it ends. */
function holdEntryChange(current: ReservationRecord, next: ReservationRecord): TxPart[] {
  if (isHeld(current) && !isHeld(next)) return [releaseHoldPart(next.reservationId)];
  if (!isHeld(current) && isHeld(next)) return [holdPart(next)];
  return [];
}

/** The record as given: everything but the units (picked here) and the record's own times. */
export type GivenStay = Omit<ReservationRecord, 'nightUnits' | 'dateCreated' | 'dateUpdated'>;

/**
 * The parts that make the store hold `stay`: a new reservation with its claims, or the stored one moved onto
 * it. Throws BadRequest (no such VR property; another property than the stored stay's: keepsProperty) or
 * StayUnavailable (a night with no free unit).
 */
export async function givenStayParts(
  stay: GivenStay,
  ctx: Pick<WriteContext, 'by' | 'now'>,
): Promise<{ record: ReservationRecord; parts: TxPart[] }> {
  stayOf(stay.dateFrom, stay.dateTo, MAX_NIGHTS_PER_TRANSACTION);
  const [property, existing] = await Promise.all([
    getProperty(stay.propertyId),
    getReservation(stay.reservationId),
  ]);
  if (property?.record.type !== 'vr')
    throw new BadRequest(`Property ${stay.propertyId}: no such VR property in the store`, [
      { field: 'propertyId', message: 'no such VR property' },
    ]);
  if (existing) keepsProperty(existing.record, stay.propertyId);
  const picks = holdsUnits(stay.status)
    ? pickUnits(
        nightsOf(stay),
        unitsOf(property.record),
        await nightClaims(stay.propertyId, stay.dateFrom, stay.dateTo),
        stay.reservationId,
      )
    : [];
  if (!picks) throw new StayUnavailable(stay);
  const iso = ctx.now.toISOString();
  const record: ReservationRecord = {
    ...stay,
    nightUnits: picks,
    dateCreated: existing?.record.dateCreated ?? iso,
    dateUpdated: iso,
  };
  if (!existing)
    return {
      record,
      parts: [
        ...insertReservationParts(record),
        ...(isHeld(record) ? [holdPart(record)] : []),
        changePart(reservationChange('created', undefined, record), ctx.by, ctx.now),
      ],
    };
  const current = existing.record;
  const kindChanges = claimKindOf(current.status) !== claimKindOf(record.status);
  return {
    record,
    parts: [
      ...replaceReservationParts(existing, record, claimChanges(current.nightUnits, picks, kindChanges)),
      ...holdEntryChange(current, record),
      changePart(reservationChange('modified', current, record), ctx.by, ctx.now),
    ],
  };
}
