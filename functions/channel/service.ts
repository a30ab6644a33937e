/**
 * The channel webhook's work (docs/channel.md): each delivery is planned from the mapping of its channel
 * reservation (shared/domain/channel/delivery.ts) and written through the shared reservation writes with the
 * mapping, the guest's tenant and the resolution of an earlier conflict in the same transaction. A stay with a
 * full night is recorded as a conflict and answered 409; nothing is ever overbooked.
 */

import { noWait } from '../../shared/backoff.js';
import { getChannelMapping, mappedMeanwhile } from '../../shared/data/channel-reservations-repo.js';
import { getReservation } from '../../shared/data/reservations-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { RESERVATION_STATUS } from '../../shared/domain/booking/reservation.js';
import type { Actor } from '../../shared/domain/change.js';
import { type MappedReservation, planDelivery } from '../../shared/domain/channel/delivery.js';
import { NotFound } from '../../shared/errors.js';
import { type RetryPolicy, retrying } from '../../shared/retry-policy.js';
import { conflictResolvedMeanwhile } from '../../shared/workflows/conflicts/index.js';
import type { WriteContext } from '../../shared/workflows/reservations/index.js';
import { guestTenantChanged } from '../../shared/workflows/tenants/guest-tenant.js';
import type { ChannelWebhookInput } from './schemas.js';
import { cancelStay, changeStay, createStay } from './stay-writes.js';

/** A delivery that lost a race to a repeat of itself (or to the guest's tenant appearing) re-plans at once. */
const RACED_RETRY: RetryPolicy = { maxTries: 4, backoff: noWait };

async function mappedReservation(channel: string, id: string): Promise<MappedReservation | undefined> {
  const mapping = await getChannelMapping(channel, id);
  if (!mapping) return undefined;
  const stored = await getReservation(mapping.reservationId);
  return {
    reservationId: mapping.reservationId,
    cancelled: stored?.record.status === RESERVATION_STATUS.cancelled,
  };
}

const racedWithItself = (error: unknown, channel: string, id: string) =>
  mappedMeanwhile(error, channel, id) || guestTenantChanged(error) || conflictResolvedMeanwhile(error);

/**
 * 404 while the integration is off (DESIGN.md "Channel webhook"): the endpoint is not there, so this runs
 * before the signature check (handler.ts), signed or not. One GetItem of the settings, read fresh as every
 * write reads them (a delivery just after the integration is switched on is taken), and the only settings
 * read of a delivery.
 */
export async function ensureIntegrationOn(): Promise<void> {
  if ((await getSettings()).channelEnabled !== 1)
    throw new NotFound('The channel integration is off (settings channelEnabled)');
}

/** A verified delivery of the integration that is on (ensureIntegrationOn ran before the signature). */
export async function receiveDelivery(input: ChannelWebhookInput, by: Actor, now: Date) {
  const { channel, channelReservationId: id } = input.reservation;
  const ctx: WriteContext = { by, now, source: 'channel' };
  return retrying(
    RACED_RETRY,
    async () => {
      const plan = planDelivery(input.event, await mappedReservation(channel, id));
      switch (plan.kind) {
        case 'create':
          return answer(await createStay(input.reservation, ctx));
        case 'repeat':
          return answer(plan.reservationId);
        case 'change':
          return answer(await changeStay(plan.reservationId, input.reservation, ctx));
        case 'cancel':
          return answer(await cancelStay(plan.reservationId, input.reservation, ctx));
        case 'unknown':
          throw new NotFound(`No reservation of channel ${channel} with id ${id} was taken here`);
      }
    },
    (error) => racedWithItself(error, channel, id),
  );
}

const answer = (reservationId: number) => ({ success: true, reservationId });
