/**
 * The channel manager's deliveries (DESIGN.md "Channel webhook", docs/channel.md): what each event does given
 * whether its channel reservation is already mapped to one of ours. Deliveries may repeat and arrive out of
 * order; these rules make every order end in the state the channel last meant, never in two reservations.
 */
export const CHANNEL_EVENTS = [
  'reservation.created',
  'reservation.modified',
  'reservation.cancelled',
] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

/** The outbound event a refused stay announces (outbox change of its conflict record). */
export const CHANNEL_CONFLICT_EVENT = 'channel.conflict';

/** The system actor of every change the webhook makes (audit log, outbox). */
export const CHANNEL_ACTOR = 'system:channel' as const;

/** Our reservation a channel reservation maps to, as far as the delivery needs it. */
export interface MappedReservation {
  reservationId: number;
  cancelled: boolean;
}

export type DeliveryPlan =
  /** Take the stay: a new reservation (and its mapping). */
  | { kind: 'create' }
  /** Already taken by an earlier delivery: answer its id, change nothing. */
  | { kind: 'repeat'; reservationId: number }
  /** Move the stay (dates, total) of the mapped reservation. */
  | { kind: 'change'; reservationId: number }
  /** Cancel the mapped reservation (a second cancel changes nothing). */
  | { kind: 'cancel'; reservationId: number }
  /** The channel never sent this reservation (or we never took it): 404. */
  | { kind: 'unknown' };

/**
 * - created: new → create; mapped → repeat (a create is never applied twice, even with other dates: changes
 *   come as modified).
 * - modified: mapped → change, unless cancelled (a late modify never revives a cancelled stay: repeat);
 *   not mapped → create (the modify overtook its create, and carries the newer state; the create, when it
 *   arrives, is then a repeat).
 * - cancelled: mapped → cancel (idempotent); not mapped → unknown.
 */
export function planDelivery(event: ChannelEvent, mapped: MappedReservation | undefined): DeliveryPlan {
  if (!mapped) return event === 'reservation.cancelled' ? { kind: 'unknown' } : { kind: 'create' };
  const { reservationId } = mapped;
  if (event === 'reservation.cancelled') return { kind: 'cancel', reservationId };
  if (event === 'reservation.modified' && !mapped.cancelled) return { kind: 'change', reservationId };
  return { kind: 'repeat', reservationId };
}

/** The conflict record's reference: the channel cannot contain '#' (schema), so the pair is unambiguous. */
export const channelReference = (channel: string, channelReservationId: string) =>
  `${channel}#${channelReservationId}`;

/** The words of a refused stay, for the 409 and the conflict record. */
export function conflictDetail(
  channel: string,
  channelReservationId: string,
  stay: { propertyId: number; dateFrom: string; dateTo: string },
  reason: string,
): string {
  return (
    `Channel ${channel} reservation ${channelReservationId} was not taken: property ${stay.propertyId} ` +
    `from ${stay.dateFrom} to ${stay.dateTo}: ${reason}. It is recorded as a conflict for an admin.`
  );
}
