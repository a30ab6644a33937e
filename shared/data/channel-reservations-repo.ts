/**
 * Channel reservation mappings (docs/data-model.md "Channel and conflicts" K1): `CHANNELRES#<channel>#<id>` →
 * our reservation id, written put-if-absent in the same transaction as the reservation it maps to, so one
 * channel reservation is never two of ours, however many times or in whatever order it is delivered.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';

export interface ChannelMapping {
  channel: string;
  channelReservationId: string;
  reservationId: number;
  dateCreated: string;
}

const label = (channel: string, channelReservationId: string) =>
  `put:channelres ${channel}#${channelReservationId}`;
const unmappedLabel = (channel: string, channelReservationId: string) =>
  `check:channelres ${channel}#${channelReservationId}`;

export async function getChannelMapping(
  channel: string,
  channelReservationId: string,
): Promise<ChannelMapping | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.channelReservation(channel, channelReservationId),
      ConsistentRead: true,
    }),
  );
  return Item ? stripKeys<ChannelMapping>(Item) : undefined;
}

/** The mapping's part: `put:channelres <channel>#<id>`, failing when the channel reservation is mapped. */
export function insertChannelMappingPart(mapping: ChannelMapping): TxPart {
  return part.putIfAbsent(label(mapping.channel, mapping.channelReservationId), {
    ...keys.channelReservation(mapping.channel, mapping.channelReservationId),
    entity: 'channelReservation',
    ...mapping,
  });
}

/** Asserts the channel reservation is still unmapped (a conflict is recorded only for a stay not taken). */
export function unmappedCheckPart(channel: string, channelReservationId: string): TxPart {
  return part.check(
    unmappedLabel(channel, channelReservationId),
    keys.channelReservation(channel, channelReservationId),
    'attribute_not_exists(PK)',
  );
}

/** A concurrent delivery of the same channel reservation mapped it first. */
export const mappedMeanwhile = (error: unknown, channel: string, channelReservationId: string): boolean =>
  error instanceof TransactionFailed &&
  (error.conditionFailed(label(channel, channelReservationId)) ||
    error.conditionFailed(unmappedLabel(channel, channelReservationId)));
