/**
 * The preArrivalMessages schedule (hourly): every confirmed stay booked with us whose check-in is from today
 * to `preArrivalDays` ahead (the site's days) gets its pre-arrival message once, with the property's
 * check-in instructions. A window, not one day: a run that was missed, or a stay booked late, still gets it.
 * A stay moved to other dates is a new cause (its new check-in) and gets one for those.
 */

import { now } from '../../shared/clock.js';
import { getMessage } from '../../shared/data/mail-messages-repo.js';
import { reservationsByStart } from '../../shared/data/reservations-repo.js';
import { RESERVATION_STATUS } from '../../shared/domain/booking/reservation.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { causes, type MessageRecord, messageIdOf } from '../../shared/domain/messages/record.js';
import { bookedWithUs } from '../../shared/domain/messages/triggers.js';
import { log } from '../../shared/log.js';
import { type Clock, mailContext, startMessage } from './deliver.js';

export async function sendPreArrivals(clock: Clock): Promise<{ started: MessageRecord[] }> {
  const ctx = await mailContext(clock());
  const today = todayIn(ctx.settings.systemTimeZone, ctx.now);
  const stays = await reservationsByStart({ from: today, to: addDays(today, ctx.settings.preArrivalDays) });
  const started: MessageRecord[] = [];
  for (const { record } of stays) {
    if (record.status !== RESERVATION_STATUS.confirmed || !bookedWithUs({ ...record, adminBlock: 0 }))
      continue;
    const cause = causes.stay(record.reservationId, record.dateFrom);
    // Hourly runs find the same stays all day: one read says it went out already.
    if (await getMessage(messageIdOf('preArrival', cause))) continue;
    try {
      const message = await startMessage('preArrival', cause, ctx, clock);
      if (message) started.push(message);
    } catch (error) {
      log('error', 'a pre-arrival message could not be started', {
        reservationId: record.reservationId,
        error: (error as Error).message,
      });
    }
  }
  return { started };
}

export const handler = async (): Promise<void> => {
  await sendPreArrivals(now);
};
