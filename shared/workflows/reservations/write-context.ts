/**
 * What every shared reservation write is given (docs/channel.md "Shared reservation writes"): who writes, from
 * where, and the change record (outbox) each write commits with the reservation.
 */
import type { ChangeInput } from '../../data/changes-repo.js';
import { RESERVATION_SEQ_LABEL } from '../../data/properties-repo.js';
import { TransactionFailed } from '../../db/transaction.js';
import {
  type ReservationRecord,
  type ReservationSource,
  reservationView,
} from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';

export interface WriteContext {
  /** The author the change record names (adminActor, or systemActor('channel') / systemActor('ical')). */
  by: Actor;
  now: Date;
  /** Where the write comes from; a new reservation stores it as its `source`. */
  source: ReservationSource;
}

/** The audit log records the stay, not the guest: name and e-mail are masked (as the website's bookings). */
const GUEST_FIELDS = ['name', 'email'];

export const reservationChange = (
  action: 'created' | 'modified' | 'cancelled',
  before: ReservationRecord | undefined,
  after: ReservationRecord,
): ChangeInput => ({
  recordType: 'reservation',
  recordId: after.reservationId,
  action,
  before: before && reservationView(before),
  after: reservationView(after),
  masked: GUEST_FIELDS,
  event: `reservation.${action}`,
});

/** The property was archived between the read and the commit (its reservationSeq guard failed). */
export const isArchivedMeanwhile = (error: unknown) =>
  error instanceof TransactionFailed && error.conditionFailed(RESERVATION_SEQ_LABEL);

export const isTransient = (error: unknown) => error instanceof TransactionFailed && error.transient;
