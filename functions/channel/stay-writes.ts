/**
 * The three writes of a channel delivery, each one transaction through shared/workflows/reservations: create (with the
 * mapping and the guest's tenant), change (dates and total) and cancel; an open conflict of the same channel
 * reservation is resolved in the transaction that finally takes (or withdraws) the stay. A full night records
 * the conflict (announced as channel.conflict) and answers 409.
 */
import { insertChannelMappingPart, unmappedCheckPart } from '../../shared/data/channel-reservations-repo.js';
import type { TxPart } from '../../shared/db/transaction.js';
import {
  keepsProperty,
  RESERVATION_STATUS,
  type ReservationRecord,
} from '../../shared/domain/booking/reservation.js';
import {
  CHANNEL_CONFLICT_EVENT,
  channelReference,
  conflictDetail,
} from '../../shared/domain/channel/delivery.js';
import { BadRequest, Conflict } from '../../shared/errors.js';
import {
  type ConflictInput,
  conflictIdOf,
  recordConflict,
  resolveConflicts,
} from '../../shared/workflows/conflicts/index.js';
import {
  cancelReservationWithNights,
  changeReservationStay,
  createReservationWithNights,
  isUnavailable,
  type WriteContext,
} from '../../shared/workflows/reservations/index.js';
import type { ChannelWebhookInput } from './schemas.js';

type ChannelReservation = ChannelWebhookInput['reservation'];

interface StayFields {
  propertyId: number;
  dateFrom: string;
  dateTo: string;
  guestName: string;
  guestEmail: string;
}

/** A create or a modify carries the whole stay and its guest: 400 naming what is missing. */
function requireStay(r: ChannelReservation): StayFields {
  const { propertyId, dateFrom, dateTo, guestName, guestEmail } = r;
  if (
    propertyId !== undefined &&
    dateFrom !== undefined &&
    dateTo !== undefined &&
    guestName !== undefined &&
    guestEmail !== undefined
  )
    return { propertyId, dateFrom, dateTo, guestName, guestEmail };
  const missing = (['propertyId', 'dateFrom', 'dateTo', 'guestName', 'guestEmail'] as const).filter(
    (f) => r[f] === undefined,
  );
  throw new BadRequest(
    `reservation.${missing.join(', reservation.')} required for a created or modified reservation`,
    missing.map((f) => ({ field: `reservation.${f}`, message: 'is required' })),
  );
}

const referenceOf = (r: ChannelReservation) => channelReference(r.channel, r.channelReservationId);

/** The channel reservation's conflict while it is open: the write that takes or withdraws the stay resolves it. */
const resolvedConflictParts = (r: ChannelReservation, ctx: WriteContext): Promise<TxPart[]> =>
  resolveConflicts([conflictIdOf('channel', referenceOf(r))], ctx.by, ctx.now);

/**
 * Records the refused stay (once: the same open conflict is not written or announced again) and throws the
 * 409. `extra` asserts what must still hold (a create's: the channel reservation is still unmapped).
 */
async function refuse(conflict: ConflictInput, ctx: WriteContext, extra: TxPart[]): Promise<never> {
  await recordConflict(conflict, { event: CHANNEL_CONFLICT_EVENT, by: ctx.by, now: ctx.now, with: extra });
  throw new Conflict(conflict.detail);
}

function conflictOf(r: ChannelReservation, stay: StayFields, reason: string): ConflictInput {
  return {
    source: 'channel',
    reference: referenceOf(r),
    propertyId: stay.propertyId,
    dateFrom: stay.dateFrom,
    dateTo: stay.dateTo,
    detail: conflictDetail(r.channel, r.channelReservationId, stay, reason),
  };
}

export async function createStay(r: ChannelReservation, ctx: WriteContext): Promise<number> {
  const stay = requireStay(r);
  const resolved = await resolvedConflictParts(r, ctx);
  try {
    const record = await createReservationWithNights(
      {
        propertyId: stay.propertyId,
        dateFrom: stay.dateFrom,
        dateTo: stay.dateTo,
        status: RESERVATION_STATUS.confirmed,
        name: stay.guestName,
        email: stay.guestEmail,
        guest: { kind: 'guest', guest: { name: stay.guestName, email: stay.guestEmail } },
        totalPriceCents: r.totalPrice ?? 0,
        rules: { kind: 'units' },
      },
      ctx,
      {
        extraParts: (created) => [
          insertChannelMappingPart({
            channel: r.channel,
            channelReservationId: r.channelReservationId,
            reservationId: created.reservationId,
            dateCreated: ctx.now.toISOString(),
          }),
          ...resolved,
        ],
      },
    );
    return record.reservationId;
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return refuse(conflictOf(r, stay, 'a night is fully booked'), ctx, [
      unmappedCheckPart(r.channel, r.channelReservationId),
    ]);
  }
}

/** Thrown by the guard when the stored reservation turns out cancelled: a late modify changes nothing. */
class CancelledMeanwhile extends Error {}

/**
 * A channel reservation stays on its property (a reservation never changes property: moving it elsewhere is
 * a cancel and a new reservation), and a modify never touches a cancelled one (the plan saw it open, the fresh read inside the write did not).
 */
function modifiable(stay: StayFields) {
  return (current: ReservationRecord) => {
    if (current.status === RESERVATION_STATUS.cancelled) throw new CancelledMeanwhile();
    keepsProperty(current, stay.propertyId, 'reservation.propertyId');
  };
}

export async function changeStay(id: number, r: ChannelReservation, ctx: WriteContext): Promise<number> {
  const stay = requireStay(r);
  const resolved = await resolvedConflictParts(r, ctx);
  try {
    await changeReservationStay(
      id,
      { dateFrom: stay.dateFrom, dateTo: stay.dateTo, totalPriceCents: r.totalPrice },
      ctx,
      { guard: modifiable(stay), extraParts: () => resolved },
    );
    return id;
  } catch (error) {
    if (error instanceof CancelledMeanwhile) return id;
    if (!isUnavailable(error)) throw error;
    return refuse(
      conflictOf(r, stay, `a night is fully booked; reservation ${id} keeps its stay as it was`),
      ctx,
      [],
    );
  }
}

export async function cancelStay(id: number, r: ChannelReservation, ctx: WriteContext): Promise<number> {
  const resolved = await resolvedConflictParts(r, ctx);
  await cancelReservationWithNights(id, ctx, {
    alreadyCancelled: 'unchanged',
    extraParts: () => resolved,
  });
  return id;
}
