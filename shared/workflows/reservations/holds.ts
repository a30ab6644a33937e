/**
 * The two ends of a hold (DESIGN.md "Bookings that are not paid yet", docs/booking.md "Holds"): paid in full,
 * it is confirmed in the payment's own transaction (`confirmHoldParts`, composed by the ledger); run out, it
 * is cancelled by the hold-expiry job (`expireHold`). Both write the reservation conditioned on the version
 * read, so a payment and the job racing for one hold cannot both win.
 */
import { changePart } from '../../data/changes-repo.js';
import {
  getReservation,
  releaseHoldPart,
  replaceReservationParts,
  type StoredReservation,
} from '../../data/reservations-repo.js';
import { commit, type TxPart } from '../../db/transaction.js';
import {
  confirmHold,
  isHeld,
  type ReservationRecord,
  reservationChange,
} from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';
import { cancelReservationWithNights, HoldNotExpirable } from './change.js';

/**
 * The parts that confirm a hold paid in full (status "1", its holds-index entry gone, `reservation.modified`),
 * for the payment's transaction; none when the reservation is not a live hold. The reservation's part is
 * conditioned on `booking.version`: a hold that expired or was changed meanwhile fails it (re-read).
 */
export function confirmHoldParts(booking: StoredReservation, by: Actor, now: Date): TxPart[] {
  if (!isHeld(booking.record)) return [];
  const next = confirmHold(booking.record, now.toISOString());
  return [
    ...replaceReservationParts(booking, next, { release: [], claim: [], relabel: [] }),
    releaseHoldPart(next.reservationId),
    changePart(reservationChange('modified', booking.record, next), by, now),
  ];
}

/**
 * What became of a hold the job found run out in the index:
 * - `expired`: cancelled, nights released, its unpaid invoice cancelled, announced `reservation.expired`;
 * - `kept`: its invoice has a payment or one in flight (HoldNotExpirable), so the stay stays held;
 * - `forgotten`: no longer a hold due now (paid, changed by staff, its time moved, or gone): only the index
 *   entry it left behind is removed.
 */
export type HoldExpiry = 'expired' | 'kept' | 'forgotten';

/** The reservation is no longer a hold due at the job's time: nothing to cancel. */
class NotDue extends Error {}

/**
 * Ends a hold whose time ran out by `now`, through the reservation workflow's cancel (its guard re-checks
 * on every fresh read that it is still a hold due now). Other failures are thrown.
 */
export async function expireHold(reservationId: number, now: Date): Promise<HoldExpiry> {
  const iso = now.toISOString();
  const by: Actor = { actor: 'system:holds', requestId: `holdExpiry:${iso}:${reservationId}` };
  const due = (current: ReservationRecord) => {
    if (!isHeld(current) || (current.holdUntil ?? '') > iso) throw new NotDue();
  };
  try {
    await cancelReservationWithNights(
      reservationId,
      { by, now, source: 'website' },
      { guard: due, expired: true },
    );
    return 'expired';
  } catch (error) {
    if (error instanceof HoldNotExpirable) return 'kept';
    if (error instanceof NotDue || (await getReservation(reservationId)) === undefined) {
      // An index entry left behind by a hold that ended another way (or whose time moved): forget it.
      await commit([releaseHoldPart(reservationId)]);
      return 'forgotten';
    }
    throw error;
  }
}
