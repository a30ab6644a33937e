/**
 * What every reservation write checks before it reads the nights (docs/reservations.md "The reservation
 * workflow"): the property is a bookable VR property, and the errors a full night raises.
 */
import { getProperty, type StoredProperty } from '../../data/properties-repo.js';
import type { Stay } from '../../domain/booking/stay.js';
import { BadRequest, Conflict } from '../../errors.js';

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
