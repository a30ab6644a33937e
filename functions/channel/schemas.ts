/**
 * The channel webhook's body (DESIGN.md "Channel webhook"): `{event, reservation: {channel,
 * channelReservationId, propertyId, dateFrom, dateTo, guestName, guestEmail, totalPrice}}`. A cancellation
 * needs only the channel and its reservation id; a create or a modify needs the stay and the guest (the
 * service names what is missing). Contracts import this file, so it holds valibot only.
 */
import * as v from 'valibot';
import { CHANNEL_EVENTS } from '../../shared/domain/channel/delivery.js';
import { intLike, isoDate, moneyToCents, requiredText } from '../../shared/http/schemas.js';

/** Part of the mapping key (`CHANNELRES#<channel>#<id>`): no '#', so channel and id never run together. */
const channelName = v.pipe(
  requiredText(50),
  v.regex(/^[A-Za-z0-9._-]+$/, 'must be letters, digits, dot, dash or underscore'),
);

/** Channels send ids as strings or numbers; printable, no control characters. */
const channelReservationId = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))], 'must be a string'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(100, 'must be at most 100 characters'),
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  v.regex(/^[^\u0000-\u001f\u007f]+$/, 'must be printable text'),
);

export const channelReservationBody = v.strictObject({
  channel: channelName,
  channelReservationId,
  propertyId: v.optional(intLike(1)),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
  guestName: v.optional(requiredText(128)),
  guestEmail: v.optional(v.pipe(requiredText(254), v.email('must be an e-mail address'))),
  totalPrice: v.optional(moneyToCents),
});

export const channelWebhookBody = v.strictObject({
  event: v.picklist(CHANNEL_EVENTS, `must be one of ${CHANNEL_EVENTS.join(', ')}`),
  reservation: channelReservationBody,
});
export type ChannelWebhookInput = v.InferOutput<typeof channelWebhookBody>;

export const channelWebhookResponse = v.object({ success: v.boolean(), reservationId: v.number() });
