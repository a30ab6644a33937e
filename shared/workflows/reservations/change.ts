/**
 * Changes of a stored reservation (docs/reservations.md "The reservation workflow"): a move or a status/total
 * change with the nights re-claimed and the old ones released, and a cancellation with every night released
 * and an unpaid BOOKING invoice cancelled, each in one transaction conditioned on the version read, with the
 * change record and the caller's extra parts. A stale read or a lost claim re-runs the whole attempt.
 */
import { changePart } from '../../data/changes-repo.js';
import { claimLost, nightClaims } from '../../data/night-claims-repo.js';
import { reservationSeqPart, type StoredProperty } from '../../data/properties-repo.js';
import * as repo from '../../data/reservations-repo.js';
import { retryStale, StaleRecord } from '../../db/optimistic.js';
import { commit, type TxPart } from '../../db/transaction.js';
import { unitsOf } from '../../domain/booking/bookable.js';
import {
  isOverbooked,
  MAX_NIGHTS_PER_TRANSACTION,
  pickUnits,
  type UnitPick,
} from '../../domain/booking/capacity.js';
import {
  cancelReservation as cancelled,
  claimChanges,
  holdsUnits,
  isHeld,
  type PlannedUpdate,
  planReservationUpdate,
  RESERVATION_STATUS,
  type ReservationPatch,
  type ReservationRecord,
  reservationChange,
  reservationView,
} from '../../domain/booking/reservation.js';
import { nightsOf, stayOf } from '../../domain/booking/stay.js';
import { BadRequest, Conflict, NotFound } from '../../errors.js';
import { conflictIdOf, resolveConflicts } from '../conflicts/index.js';
import { invoiceNoLongerUnpaid } from '../money-document/unpaid-invoice-cancel.js';
import { bookingInvoiceOpen, invoiceCancelParts } from './invoice-cancel.js';
import { bookableProperty, MoveUnavailable } from './stay-checks.js';
import { isArchivedMeanwhile, isTransient, type WriteContext } from './write-context.js';

export interface ChangeOptions {
  /** Runs on the stored record before anything is planned (e.g. "only an iCal block"): throw to refuse. */
  guard?: (current: ReservationRecord) => void;
  /** Parts committed in the same transaction as the change; their failure is rethrown. */
  extraParts?: (next: ReservationRecord, current: ReservationRecord) => TxPart[];
}

export interface CancelOptions extends ChangeOptions {
  /** An already cancelled reservation: the admin's 409 (default), or left as it is (`changed: false`). */
  alreadyCancelled?: 'conflict' | 'unchanged';
  /** A hold that ran out (the hold-expiry job): recorded and announced as `reservation.expired`. */
  expired?: boolean;
}

export interface ChangeResult {
  record: ReservationRecord;
  /** False when nothing was written (the patch changed nothing, or the reservation was already cancelled). */
  changed: boolean;
}

export const reservationNotFound = (id: number) => new NotFound(`Reservation ${id} not found`);

/**
 * A hold whose invoice cannot be cancelled with it (partly paid, a card payment in flight): it is left held,
 * so a booking is never cancelled while its invoice stays open; the payment or staff end it.
 */
export class HoldNotExpirable extends Error {
  constructor(readonly reservationId: number) {
    super(`Reservation ${reservationId}: its invoice has a payment or one in flight; the hold is kept`);
  }
}

/** The units the changed reservation holds: its own kept where it can, free ones elsewhere; 409 when full. */
async function unitsToHold(property: StoredProperty, next: ReservationRecord): Promise<UnitPick[]> {
  const claims = await nightClaims(next.propertyId, next.dateFrom, next.dateTo);
  const picks = pickUnits(nightsOf(next), unitsOf(property.record), claims, next.reservationId);
  if (!picks) throw new MoveUnavailable(next);
  return picks;
}

/** The property of a stay that will hold nights again (moved, or no longer cancelled): still bookable, else 409. */
async function propertyToHold(next: ReservationRecord): Promise<StoredProperty> {
  stayOf(next.dateFrom, next.dateTo, MAX_NIGHTS_PER_TRANSACTION);
  return bookableProperty(next.propertyId).catch((error: unknown) => {
    if (error instanceof BadRequest)
      throw new Conflict(`Property ${next.propertyId} can no longer be booked (${error.message})`);
    throw error;
  });
}

/**
 * The units held after a planned change: the same when the nights do not change, none once cancelled, else
 * picked again (with the property, whose reservationSeq guards the commit).
 */
async function unitsAfter(
  current: ReservationRecord,
  plan: PlannedUpdate,
): Promise<{ property: StoredProperty | undefined; held: UnitPick[] }> {
  if (!plan.nightsChange) return { property: undefined, held: current.nightUnits };
  if (!holdsUnits(plan.next.status)) return { property: undefined, held: [] };
  const property = await propertyToHold(plan.next);
  return { property, held: await unitsToHold(property, plan.next) };
}

/**
 * An overbooking that no longer holds an overflow unit (cancelled, or moved onto free nights) resolves its
 * conflict in the same transaction.
 */
async function overbookingResolved(
  current: ReservationRecord,
  held: readonly UnitPick[],
  ctx: WriteContext,
): Promise<TxPart[]> {
  if (!isOverbooked(current.nightUnits) || isOverbooked(held)) return [];
  return resolveConflicts([conflictIdOf('overbooking', String(current.reservationId))], ctx.by, ctx.now);
}

/** A change that ends a hold (any status but pending) removes its entry from the holds index. */
const holdEnded = (current: ReservationRecord, next: ReservationRecord): TxPart[] =>
  isHeld(current) && !isHeld(next) ? [repo.releaseHoldPart(current.reservationId)] : [];

/** Commits a change of a stored reservation; a stale read or a lost claim re-runs the whole attempt. */
async function commitChange(parts: readonly TxPart[], reservationId: number): Promise<void> {
  try {
    await commit(parts);
  } catch (error) {
    if (isArchivedMeanwhile(error))
      throw new Conflict('The property was archived; its nights cannot be taken');
    if (
      repo.reservationChanged(error, reservationId) ||
      claimLost(error) ||
      invoiceNoLongerUnpaid(error) ||
      isTransient(error)
    )
      throw new StaleRecord('reservation or its nights changed since they were read');
    throw error;
  }
}

/**
 * Applies a patch (status, dates, total): moved nights claimed and released, a cancellation's invoice
 * cancelled. Throws NotFound, BadRequest (bad status or dates), MoveUnavailable (a full night), Conflict.
 */
export async function changeReservationStay(
  id: number,
  patch: ReservationPatch,
  ctx: WriteContext,
  options: ChangeOptions = {},
): Promise<ChangeResult> {
  return retryStale(`Reservation ${id}`, async () => {
    const current = await repo.getReservation(id);
    if (!current) throw reservationNotFound(id);
    options.guard?.(current.record);
    const plan = planReservationUpdate(current.record, patch, ctx.now.toISOString());
    const before = reservationView(current.record);
    const after = { ...reservationView(plan.next), dateUpdated: before.dateUpdated };
    if (JSON.stringify(after) === JSON.stringify(before)) return { record: current.record, changed: false };
    const moved = plan.nightsChange;
    const { property, held } = await unitsAfter(current.record, plan);
    const next: ReservationRecord = { ...plan.next, nightUnits: held };
    const action =
      next.status === RESERVATION_STATUS.cancelled && current.record.status !== next.status
        ? 'cancelled'
        : 'modified';
    await commitChange(
      [
        ...repo.replaceReservationParts(
          current,
          next,
          claimChanges(current.record.nightUnits, held, plan.kindChanges),
        ),
        ...(moved && property ? [reservationSeqPart(next.propertyId)] : []),
        ...holdEnded(current.record, next),
        ...(action === 'cancelled' ? await invoiceCancelParts(next, ctx.by, ctx.now) : []),
        ...(await overbookingResolved(current.record, held, ctx)),
        changePart(reservationChange(action, current.record, next), ctx.by, ctx.now),
        ...(options.extraParts?.(next, current.record) ?? []),
      ],
      id,
    );
    return { record: next, changed: true };
  });
}

/** Status 3, every night released and an unpaid BOOKING invoice cancelled, in one transaction. */
export async function cancelReservationWithNights(
  id: number,
  ctx: WriteContext,
  options: CancelOptions = {},
): Promise<ChangeResult> {
  return retryStale(`Reservation ${id}`, async () => {
    const current = await repo.getReservation(id);
    if (!current) throw reservationNotFound(id);
    options.guard?.(current.record);
    if (current.record.status === RESERVATION_STATUS.cancelled && options.alreadyCancelled === 'unchanged')
      return { record: current.record, changed: false };
    const next = cancelled(current.record, ctx.now.toISOString());
    const invoiceParts = await invoiceCancelParts(next, ctx.by, ctx.now);
    if (options.expired && invoiceParts.length === 0 && (await bookingInvoiceOpen(next)))
      throw new HoldNotExpirable(id);
    await commitChange(
      [
        ...repo.replaceReservationParts(current, next, claimChanges(current.record.nightUnits, [], false)),
        ...holdEnded(current.record, next),
        ...invoiceParts,
        ...(await overbookingResolved(current.record, [], ctx)),
        changePart(
          reservationChange(options.expired ? 'expired' : 'cancelled', current.record, next),
          ctx.by,
          ctx.now,
        ),
        ...(options.extraParts?.(next, current.record) ?? []),
      ],
      id,
    );
    return { record: next, changed: true };
  });
}
