/**
 * The rentReminders schedule (hourly): each open RENT invoice (the rent run's watches, L8) whose due date is
 * from today to `reminderDaysBefore` days ahead (the site's days) reminds its tenant once, while it is unpaid.
 * A window, not one day: a missed run, or an invoice issued late, still reminds. A new due date is a new cause.
 */
import { watchesOf } from '../../shared/data/late-fee-watch-repo.js';
import { getMessage } from '../../shared/data/mail-messages-repo.js';
import { RENT_SHARDS } from '../../shared/data/rent-state-repo.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { causes, type MessageRecord, messageIdOf } from '../../shared/domain/messages/record.js';
import { log } from '../../shared/log.js';
import { mapLimited } from '../../shared/map-limited.js';
import { type Clock, mailContext, startMessage } from './deliver.js';

export async function sendRentReminders(clock: Clock): Promise<{ started: MessageRecord[] }> {
  const ctx = await mailContext(clock());
  const today = todayIn(ctx.settings.systemTimeZone, ctx.now);
  const last = addDays(today, ctx.settings.reminderDaysBefore);
  const watches = (
    await mapLimited(
      Array.from({ length: RENT_SHARDS }, (_, s) => s),
      watchesOf,
    )
  ).flat();
  const started: MessageRecord[] = [];
  for (const watch of watches) {
    if (watch.dueDate < today || watch.dueDate > last) continue;
    const cause = causes.due(watch.rentInvoiceId, watch.dueDate);
    // Hourly runs find the same invoices all day: one read says it went out already.
    if (await getMessage(messageIdOf('rentReminder', cause))) continue;
    try {
      const message = await startMessage('rentReminder', cause, ctx, clock);
      if (message) started.push(message);
    } catch (error) {
      log('error', 'a rent reminder could not be started', {
        invoiceId: watch.rentInvoiceId,
        error: (error as Error).message,
      });
    }
  }
  return { started };
}

export const handler = async (): Promise<void> => {
  await sendRentReminders(() => new Date());
};
