/**
 * A stay that becomes another tenant's (docs/tenants.md "Claiming a guest record's stays"): the stays of a guest
 * record join the account that claimed it. The reservation is written again with its new tenant (its tenant
 * index key with it) and its nights untouched, conditioned on the version read, with its change record
 * (`reservation.modified`, the tenant changed); a rival write since makes it read again.
 */
import { changePart } from '../../data/changes-repo.js';
import { getReservation, replaceReservationParts, reservationChanged } from '../../data/reservations-repo.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit } from '../../db/transaction.js';
import { reservationChange } from '../../domain/booking/reservation.js';
import type { Actor } from '../../domain/change.js';
import { isTransient } from './write-context.js';

const NIGHTS_KEPT = { release: [], claim: [], relabel: [] };

/** Moves reservation `reservationId` from tenant `from` to `to`; false when it is not `from`'s (gone, or moved). */
export function moveStayToTenant(
  reservationId: number,
  from: number,
  to: number,
  by: Actor,
  now: Date,
): Promise<boolean> {
  return retryStale(`Reservation ${reservationId}`, async () => {
    const stored = await getReservation(reservationId);
    if (stored?.record.tenantId !== from) return false;
    const next = { ...stored.record, tenantId: to, dateUpdated: now.toISOString() };
    try {
      await commit([
        ...replaceReservationParts(stored, next, NIGHTS_KEPT),
        changePart(reservationChange('modified', stored.record, next), by, now),
      ]);
    } catch (error) {
      if (reservationChanged(error, reservationId) || isTransient(error)) throw new StaleRecord();
      throw error;
    }
    return true;
  });
}
