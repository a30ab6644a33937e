/**
 * The rentReminders schedule (hourly): each open RENT invoice (the rent run's watches, L8) whose due date is
 * from today to `reminderDaysBefore` days ahead (the site's days) reminds its tenant once, while it is unpaid.
 * A window, not one day: a missed run, or an invoice issued late, still reminds. A new due date is a new cause.
 * The schedule walks the watches' keys only and sends the invoices in the window, a page a message, to the
 * rentReminderPages queue (rent-reminder-pages.ts composes and sends); `sendRentReminders` does the same walk
 * in one process.
 */

import { now } from '../../shared/clock.js';
import { type WatchKey, watchKeyPages } from '../../shared/data/late-fee-watch-repo.js';
import { getMessage } from '../../shared/data/mail-messages-repo.js';
import { rentShards } from '../../shared/data/rent-state-repo.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { causes, type MessageRecord, messageIdOf } from '../../shared/domain/messages/record.js';
import type { ReminderPage } from '../../shared/domain/rent/queue-pages.js';
import { sendPages } from '../../shared/jobs/queue.js';
import { log } from '../../shared/log.js';
import type { MailContext } from './compose-types.js';
import { type Clock, mailContext, startMessage } from './deliver.js';
import { rentReminderPages } from './jobs.js';

/** Invoices per reminder page: 100 mails composed one by one are seconds of work and a few KB of message. */
export const REMINDERS_PER_PAGE = 100;
/** Pages per SendMessageBatch (SQS's most). */
const PAGES_PER_SEND = 10;

/** Walks the watches' keys and yields, page by page, those whose due date is in the window of `now`. */
async function* remindersDue(ctx: MailContext): AsyncGenerator<WatchKey[]> {
  const today = todayIn(ctx.settings.systemTimeZone, ctx.now);
  const last = addDays(today, ctx.settings.reminderDaysBefore);
  let page: WatchKey[] = [];
  for (const shard of rentShards.shardNumbers())
    for await (const keys of watchKeyPages(shard, 1000))
      for (const key of keys) {
        if (key.dueDate < today || key.dueDate > last) continue;
        page.push(key);
        if (page.length < REMINDERS_PER_PAGE) continue;
        yield page;
        page = [];
      }
  if (page.length > 0) yield page;
}

/** Reminds each invoice of the page once; says which could not be started (each logged). */
export async function remindPage(
  invoices: readonly WatchKey[],
  ctx: MailContext,
  clock: Clock,
): Promise<{ started: MessageRecord[]; failed: number[] }> {
  const started: MessageRecord[] = [];
  const failed: number[] = [];
  for (const watch of invoices) {
    const cause = causes.due(watch.rentInvoiceId, watch.dueDate);
    // Hourly runs find the same invoices all day: one read says it went out already.
    if (await getMessage(messageIdOf('rentReminder', cause))) continue;
    try {
      const message = await startMessage('rentReminder', cause, ctx, clock);
      if (message) started.push(message);
    } catch (error) {
      failed.push(watch.rentInvoiceId);
      log('error', 'a rent reminder could not be started', {
        invoiceId: watch.rentInvoiceId,
        error: (error as Error).message,
      });
    }
  }
  return { started, failed };
}

/** The whole walk in this process (a small site, tests): a failed reminder is logged, and tried next run. */
export async function sendRentReminders(clock: Clock): Promise<{ started: MessageRecord[] }> {
  const ctx = await mailContext(clock());
  const started: MessageRecord[] = [];
  for await (const invoices of remindersDue(ctx))
    started.push(...(await remindPage(invoices, ctx, clock)).started);
  return { started };
}

/** The schedule: the invoices in the window, in pages on the queue. */
export async function queueRentReminders(clock: Clock): Promise<{ invoices: number; pages: number }> {
  const ctx = await mailContext(clock());
  let buffer: ReminderPage[] = [];
  const queued = { invoices: 0, pages: 0 };
  for await (const invoices of remindersDue(ctx)) {
    buffer.push({ invoices });
    queued.invoices += invoices.length;
    queued.pages += 1;
    if (buffer.length < PAGES_PER_SEND) continue;
    await sendPages(rentReminderPages, buffer);
    buffer = [];
  }
  if (buffer.length > 0) await sendPages(rentReminderPages, buffer);
  return queued;
}

export const handler = async (): Promise<void> => {
  const queued = await queueRentReminders(now);
  log('info', 'rent reminders queued', queued);
};
