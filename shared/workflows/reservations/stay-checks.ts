/**
 * The checks every reservation write makes before it reads the nights: the property is a bookable VR property,
 * the stay is a stay that fits in one transaction, and the errors a full night raises (docs/channel.md "Shared
 * reservation writes"). Shared by admin reservations, the channel webhook and the iCal import.
 */
import { getProperty, type StoredProperty } from '../../data/properties-repo.js';
import { MAX_NIGHTS_PER_TRANSACTION } from '../../domain/booking/capacity.js';
import { checkStay, type Stay } from '../../domain/booking/stay.js';
import { BadRequest, Conflict } from '../../errors.js';

export const unitsOf = (p: StoredProperty) => (p.record.units > 0 ? p.record.units : 1);

/** The VR property a reservation may be on: it exists, is VR and is not archived (else a 400 on propertyId). */
export async function bookableProperty(propertyId: number): Promise<StoredProperty> {
  const property = await getProperty(propertyId);
  const problem = !property
    ? 'no such property'
    : property.record.type !== 'vr'
      ? 'is not a VR property'
      : property.record.isArchived === 1
        ? 'is archived'
        : undefined;
  if (!property || problem)
    throw new BadRequest(`Property ${propertyId} ${problem}`, [
      { field: 'propertyId', message: problem ?? '' },
    ]);
  return property;
}

/** A stay of at most MAX_NIGHTS_PER_TRANSACTION nights, else a 400 on dateTo. */
export function checkedStay(dateFrom: string, dateTo: string): Stay {
  const stay = checkStay(dateFrom, dateTo);
  if (!stay.ok) throw new BadRequest(stay.message, [{ field: 'dateTo', message: stay.message }]);
  if (stay.nights > MAX_NIGHTS_PER_TRANSACTION)
    throw new BadRequest(`A stay can be at most ${MAX_NIGHTS_PER_TRANSACTION} nights`, [
      { field: 'dateTo', message: `at most ${MAX_NIGHTS_PER_TRANSACTION} nights after dateFrom` },
    ]);
  return stay.stay;
}

const unavailableMessage = (stay: Stay) =>
  `Not available: a night from ${stay.dateFrom} to ${stay.dateTo} is fully booked`;

/** A new stay with a full night: the admin create's 400 (spec); other callers catch it by class. */
export class StayUnavailable extends BadRequest {
  constructor(readonly stay: Stay) {
    super(unavailableMessage(stay), [{ field: 'dateFrom', message: 'dates unavailable' }]);
  }
}

/** A stored reservation moved (or restored) onto a full night: the admin update's 409. */
export class MoveUnavailable extends Conflict {
  constructor(readonly stay: Stay) {
    super(unavailableMessage(stay));
  }
}

/** Whether a write failed because a night of the stay has no free unit (not another 400/409). */
export const isUnavailable = (error: unknown): error is StayUnavailable | MoveUnavailable =>
  error instanceof StayUnavailable || error instanceof MoveUnavailable;
