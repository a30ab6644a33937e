/**
 * Shared reservation writes (docs/channel.md "Shared reservation writes"): create a reservation or block with
 * its night claims, change (move, status, total) or cancel a stored one, each one transaction with its change
 * record and the caller's extra parts. Used by adminReservations, the channel webhook and the iCal import.
 */
export {
  type CancelOptions,
  type ChangeOptions,
  type ChangeResult,
  cancelReservationWithNights,
  changeReservationStay,
  reservationNotFound,
} from './change.js';
export {
  type CreateOptions,
  createReservationWithNights,
  type NewStay,
  newStayParts,
  type StayGuest,
  type StayRules,
} from './create.js';
export { isUnavailable, MoveUnavailable, StayUnavailable } from './stay-checks.js';
export type { WriteContext } from './write-context.js';
