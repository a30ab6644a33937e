/**
 * The reservation workflow (docs/reservations.md "The reservation workflow"): create a reservation or block
 * with its night claims, change (move, status, total) or cancel a stored one, each one transaction with its
 * change record and the caller's extra parts; confirm a hold paid in full (in the payment's transaction) or
 * expire one that ran out; give a stay to another tenant (a guest record's claim). The one way the website's
 * booking, admin reservations, the channel webhook, the iCal import, the ledger, the hold-expiry job, the
 * tenant accounts and the fixture loader write stays.
 */
export {
  type CancelOptions,
  type ChangeOptions,
  type ChangeResult,
  cancelReservationWithNights,
  changeReservationStay,
  HoldNotExpirable,
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
export { type GivenStay, givenStayParts } from './given-stay.js';
export { confirmHoldParts, expireHold, type HoldExpiry } from './holds.js';
export { isUnavailable, MoveUnavailable, StayUnavailable } from './stay-checks.js';
export { moveStayToTenant } from './tenant-move.js';
export type { WriteContext } from './write-context.js';
