/**
 * The rentRunPages queue worker (docs/rent-cycle.md "At scale"): each SQS message is one page of the day's
 * rent run (shared/workflows/rent/pages.ts), each parsed by the job's page schema (shared/jobs/page-worker.ts); the
 * pages that failed in part come again; the pages' transactions make a second pass write nothing.
 */
import { now as clockNow } from '../../shared/clock.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { todayIn } from '../../shared/domain/dates.js';
import { pageWorker } from '../../shared/jobs/page-worker.js';
import { log } from '../../shared/log.js';
import { runRentPage } from '../../shared/workflows/rent/pages.js';
import { rentRunPages } from './jobs.js';

export const handler = pageWorker(rentRunPages, async (page, record) => {
  const settings = await getSettings();
  const now = clockNow();
  const done = await runRentPage(
    page,
    now,
    { currency: settings.paymentCurrency, timeZone: settings.systemTimeZone },
    todayIn(settings.systemTimeZone, now),
  );
  log('info', 'rent run page', {
    date: page.day,
    messageId: record.messageId,
    leases: done.leases,
    invoices: done.invoices.length,
    skipped: done.skipped.length,
    autopay: done.autopay,
    lateFees: done.lateFees,
    settled: done.settled,
  });
  // Someone must give these leases terms (or their property back): say which, where operations look.
  if (done.skipped.length > 0)
    log('warn', 'rent run skipped leases', { date: page.day, skipped: done.skipped });
});
