/**
 * Turnovers (DESIGN.md "More decisions"): every confirmed VR reservation (status "1": not a block, not pending,
 * not cancelled) has one cleaning request on its check-out date, titled "Turnover: <property name>" and linked
 * to the reservation. The job computes what the request should be from the reservation as it is NOW (never from
 * the change that woke it), so repeated and reordered deliveries converge on the same request.
 */
import { RESERVATION_STATUS, type ReservationRecord } from '../booking/reservation.js';
import { HK_STATUS, type HousekeepingRecord } from './request.js';

export const turnoverTitle = (propertyName: string) => `Turnover: ${propertyName}`;

/** What the reservation asks of its turnover: a request on this date, or none (archived). */
export type TurnoverWanted = { active: true; requestDate: string } | { active: false };

export function wantedTurnover(reservation: ReservationRecord | undefined): TurnoverWanted {
  if (!reservation || reservation.status !== RESERVATION_STATUS.confirmed) return { active: false };
  return { active: true, requestDate: reservation.dateTo };
}

export type TurnoverStep =
  | { kind: 'none' }
  | { kind: 'create'; requestDate: string }
  | { kind: 'update'; next: HousekeepingRecord; event: 'housekeeping.updated' | 'housekeeping.archived' };

/**
 * The one step from the current request (undefined: none yet) to the wanted one. A move keeps the status and
 * the assignee (the housekeeper keeps the job, on the new day); a cancellation archives; a reservation
 * confirmed again re-opens an archived turnover. Anything already as wanted is no step: a change delivered
 * twice does nothing more. The request keeps the property it was made for: a reservation never changes
 * property (keepsProperty, shared/domain/booking/reservation.ts).
 */
export function turnoverStep(current: HousekeepingRecord | undefined, wanted: TurnoverWanted): TurnoverStep {
  if (!current) return wanted.active ? { kind: 'create', requestDate: wanted.requestDate } : { kind: 'none' };
  const isArchived = current.requestStatus === HK_STATUS.archived;
  if (!wanted.active)
    return isArchived
      ? { kind: 'none' }
      : {
          kind: 'update',
          next: { ...current, requestStatus: HK_STATUS.archived },
          event: 'housekeeping.archived',
        };
  if (!isArchived && current.requestDate === wanted.requestDate) return { kind: 'none' };
  return {
    kind: 'update',
    next: {
      ...current,
      requestDate: wanted.requestDate,
      requestStatus: isArchived
        ? current.assignedTo === null
          ? HK_STATUS.open
          : HK_STATUS.assigned
        : current.requestStatus,
    },
    event: 'housekeeping.updated',
  };
}
