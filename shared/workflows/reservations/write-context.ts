/**
 * What every reservation write is given (docs/reservations.md "The reservation workflow"): who writes, from
 * where, and when; and the transaction failures every write reads the same way.
 */
import { RESERVATION_SEQ_LABEL } from '../../data/properties-repo.js';
import { TransactionFailed } from '../../db/transaction.js';
import type { ReservationSource } from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';

export interface WriteContext {
  /** The author the change record names (adminActor, a guest or tenant, systemActor('channel'|'ical')). */
  by: Actor;
  now: Date;
  /** Where the write comes from; a new reservation stores it as its `source`. */
  source: ReservationSource;
}

/** The property was archived between the read and the commit (its reservationSeq guard failed). */
export const isArchivedMeanwhile = (error: unknown) =>
  error instanceof TransactionFailed && error.conditionFailed(RESERVATION_SEQ_LABEL);

export const isTransient = (error: unknown) => error instanceof TransactionFailed && error.transient;
