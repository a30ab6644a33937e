/**
 * The turnover job's work (DESIGN.md "More decisions"; docs/housekeeping.md "Turnovers"): for one reservation,
 * read it as it is now and bring its cleaning request to what it asks (shared/domain/housekeeping/turnover.ts).
 * A create is guarded by `TURNOVER#<reservationId>` and an update conditioned on the version read, so two
 * deliveries racing each other, or one delivered twice, leave one request in the state the reservation asks.
 */
import { changePart } from '../../shared/data/changes-repo.js';
import * as repo from '../../shared/data/housekeeping-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getReservation } from '../../shared/data/reservations-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { newRequest } from '../../shared/domain/housekeeping/request.js';
import { turnoverStep, turnoverTitle, wantedTurnover } from '../../shared/domain/housekeeping/turnover.js';
import { housekeepingChange } from './service.js';

export type TurnoverOutcome = 'none' | 'created' | 'updated' | 'archived';

export async function reconcileTurnover(
  reservationId: number,
  by: Actor,
  now: Date,
): Promise<TurnoverOutcome> {
  return retryStale(`Turnover of reservation ${reservationId}`, async () => {
    const [reservation, current] = await Promise.all([
      getReservation(reservationId),
      repo.turnoverOf(reservationId),
    ]);
    const step = turnoverStep(current?.record, wantedTurnover(reservation?.record));
    if (step.kind === 'none' || !reservation) return 'none';
    try {
      if (step.kind === 'create') {
        const property = await getProperty(reservation.record.propertyId);
        const title = turnoverTitle(
          property?.record.propertyName ?? `property ${reservation.record.propertyId}`,
        );
        const record = newRequest(
          await nextId(repo.HOUSEKEEPING_COUNTER),
          { propertyId: reservation.record.propertyId, requestTitle: title, requestDate: step.requestDate },
          step.requestDate,
          now.toISOString(),
          reservationId,
        );
        await commit([
          ...repo.insertRequestParts(record),
          changePart(housekeepingChange('housekeeping.created', undefined, record), by, now),
        ]);
        return 'created';
      }
      if (!current) return 'none';
      const next = { ...step.next, dateUpdated: now.toISOString() };
      await commit([
        repo.replaceRequestPart(current, next),
        changePart(housekeepingChange(step.event, current.record, next), by, now),
      ]);
      return step.event === 'housekeeping.archived' ? 'archived' : 'updated';
    } catch (error) {
      // Another delivery got there first (its create, or an update of the same version): read again.
      const lost =
        repo.turnoverTaken(error) ||
        (current !== undefined && repo.requestChanged(error, current.record.requestId)) ||
        (error instanceof TransactionFailed && error.transient);
      if (lost) throw new StaleRecord('turnover changed since it was read');
      throw error;
    }
  });
}
