/**
 * The rentReminderPages queue worker: each SQS message is one page of rent reminders (rent-reminders.ts), parsed
 * by the job's page schema (shared/jobs/page-worker.ts); a page with a reminder not started fails, so it comes
 * again, and the reminders already started are found and skipped then.
 */
import { now } from '../../shared/clock.js';
import { pageWorker } from '../../shared/jobs/page-worker.js';
import { log } from '../../shared/log.js';
import { mailContext } from './deliver.js';
import { rentReminderPages } from './jobs.js';
import { remindPage } from './rent-reminders.js';

export const handler = pageWorker(rentReminderPages, async (page, record) => {
  const { started, failed } = await remindPage(page.invoices, await mailContext(now()), now);
  log('info', 'rent reminder page', { messageId: record.messageId, started: started.length });
  // The page comes again; the reminders started now are found then and skipped.
  if (failed.length > 0) throw new Error(`rent reminders not started for invoices ${failed.join(', ')}`);
});
