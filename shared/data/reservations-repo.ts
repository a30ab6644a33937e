/**
 * Reservation reads needed before the reservation endpoints exist (docs/data-model.md, "Reservations"):
 * a reservation item carries GSI1 = PROPRES#<propertyId> / <dateTo>#<id>, so "a property's stays that have
 * not ended" is one Query with GSI1SK > today. Status "3" is cancelled, "4" an admin block (DESIGN.md).
 */

import { TABLE_NAME } from '../db/client.js';
import { indexKeys } from '../db/keys.js';
import { queryFirst } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';

export const RESERVATION_STATUS = { pending: '0', confirmed: '1', cancelled: '3', adminBlock: '4' } as const;

/** A guest reservation that is not cancelled and whose check-out is after `today` (ongoing or future). */
export async function hasActiveFutureReservation(propertyId: number, today: string): Promise<boolean> {
  const found = await queryFirst(
    {
      TableName: TABLE_NAME,
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK > :today',
      FilterExpression: '#s <> :cancelled AND #s <> :block',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':pk': indexKeys.reservationsByProperty(propertyId),
        // "<today>#~" sorts after every "<today>#<id>": a stay checking out today has ended.
        ':today': `${today}#~`,
        ':cancelled': RESERVATION_STATUS.cancelled,
        ':block': RESERVATION_STATUS.adminBlock,
      },
      ProjectionExpression: 'reservationId',
    },
    1,
  );
  return found.length > 0;
}
