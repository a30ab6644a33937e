/**
 * The holdExpiry schedule (DESIGN.md "Bookings that are not paid yet", docs/booking.md "Holds"): every hold
 * whose time ran out is ended by the reservation workflow's `expireHold` — its nights released and its unpaid
 * invoice cancelled in the same transaction, announced as `reservation.expired`. A payment that lands first
 * confirms the hold in its own transaction (shared/workflows/ledger/apply.ts), so exactly one of the two wins.
 * Holds are found through their index entries (R9), never a Scan; a run takes at most BATCH of them, the rest
 * wait for the next run.
 */

import { now } from '../../shared/clock.js';
import { expiredHolds } from '../../shared/data/reservations-repo.js';
import { log } from '../../shared/log.js';
import { expireHold } from '../../shared/workflows/reservations/index.js';

const BATCH = 200;

export interface ExpiryResult {
  expired: number[];
  kept: number[];
  failed: number[];
}

export async function expireHolds(now: Date): Promise<ExpiryResult> {
  const result: ExpiryResult = { expired: [], kept: [], failed: [] };
  for (const hold of await expiredHolds(now.toISOString(), BATCH)) {
    try {
      const outcome = await expireHold(hold.reservationId, now);
      if (outcome === 'expired') result.expired.push(hold.reservationId);
      else if (outcome === 'kept') result.kept.push(hold.reservationId);
    } catch (error) {
      result.failed.push(hold.reservationId);
      log('error', 'a hold could not be expired', {
        reservationId: hold.reservationId,
        error: (error as Error).message,
      });
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

export const handler = async (): Promise<ExpiryResult> => expireHolds(now());
