/**
 * Reservation reads needed before the reservation endpoints exist (docs/data-model.md, "Reservations"):
 * a reservation item carries GSI1 = PROPRES#<propertyId> / <dateTo>#<id>, so "a property's stays that have
 * not ended" is one Query with GSI1SK > today. Status "3" is cancelled, "4" an admin block (DESIGN.md).
 */

import { indexKeys } from '../db/keys.js';
import { queryPartitionFirst } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';

export const RESERVATION_STATUS = { pending: '0', confirmed: '1', cancelled: '3', adminBlock: '4' } as const;

/** R2: a guest reservation that is not cancelled and whose check-out is after `today` (ongoing or future). */
export async function hasActiveFutureReservation(propertyId: number, today: string): Promise<boolean> {
  const found = await queryPartitionFirst(
    {
      index: INDEX.gsi1,
      pk: indexKeys.reservationsByProperty(propertyId),
      // "<today>#~" sorts after every "<today>#<id>": a stay checking out today has ended.
      sk: { after: `${today}#~` },
      filter: {
        expression: '#s <> :cancelled AND #s <> :block',
        names: { '#s': 'status' },
        values: { ':cancelled': RESERVATION_STATUS.cancelled, ':block': RESERVATION_STATUS.adminBlock },
      },
      projection: 'reservationId',
    },
    1,
  );
  return found.length > 0;
}
