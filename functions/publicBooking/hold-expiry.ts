/**
 * The holdExpiry schedule (DESIGN.md "Bookings that are not paid yet", docs/booking.md "Holds"): every hold
 * whose time ran out is cancelled through the reservation workflow — its nights released and its unpaid
 * invoice cancelled in the same transaction, announced as `reservation.expired`. A payment that lands first
 * confirms the hold in its own transaction (shared/workflows/ledger/apply.ts), so exactly one of the two wins.
 * Holds are found through their index entries (R9), never a Scan; a run takes at most BATCH of them, the rest
 * wait for the next run.
 */
import { expiredHolds, getReservation, releaseHoldPart } from '../../shared/data/reservations-repo.js';
import { commit } from '../../shared/db/transaction.js';
import { isHeld, type ReservationRecord } from '../../shared/domain/booking/reservation.js';
import type { Actor } from '../../shared/domain/change.js';
import { log } from '../../shared/log.js';
import { cancelReservationWithNights, HoldNotExpirable } from '../../shared/workflows/reservations/index.js';

const BATCH = 200;

/** The reservation is no longer a hold due now (paid, changed by staff, or its time moved): nothing to do. */
class NotDue extends Error {}

export interface ExpiryResult {
  expired: number[];
  kept: number[];
  failed: number[];
}

export async function expireHolds(now: Date): Promise<ExpiryResult> {
  const iso = now.toISOString();
  const result: ExpiryResult = { expired: [], kept: [], failed: [] };
  for (const hold of await expiredHolds(iso, BATCH)) {
    const by: Actor = { actor: 'system:holds', requestId: `holdExpiry:${iso}:${hold.reservationId}` };
    const due = (current: ReservationRecord) => {
      if (!isHeld(current) || (current.holdUntil ?? '') > iso) throw new NotDue();
    };
    try {
      await cancelReservationWithNights(
        hold.reservationId,
        { by, now, source: 'website' },
        { guard: due, expired: true },
      );
      result.expired.push(hold.reservationId);
    } catch (error) {
      if (error instanceof HoldNotExpirable) result.kept.push(hold.reservationId);
      else if (error instanceof NotDue || (await getReservation(hold.reservationId)) === undefined)
        // An entry left behind by a hold that ended another way: forget it.
        await commit([releaseHoldPart(hold.reservationId)]);
      else {
        result.failed.push(hold.reservationId);
        log('error', 'a hold could not be expired', {
          reservationId: hold.reservationId,
          error: (error as Error).message,
        });
      }
    }
  }
  if (result.expired.length || result.kept.length || result.failed.length)
    log('info', 'holds expired', {
      expired: result.expired.length,
      kept: result.kept.length,
      failed: result.failed.length,
    });
  return result;
}

export const handler = async (): Promise<ExpiryResult> => expireHolds(new Date());
