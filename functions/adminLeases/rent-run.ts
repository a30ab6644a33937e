/**
 * The rent run (docs/rent-cycle.md): the hourly `rentRun` schedule's Lambda entry, which fans the site's day
 * out as pages on the rentRunPages queue (rent-run-pages.ts does them), and the on-demand run of
 * `rentRun.json`, which runs in this process and answers what it did, for the site's day unless one is given:
 * a day before it (a back-dated run, which charges no card), never a day after it (400 naming `date`).
 */

import { now as clockNow } from '../../shared/clock.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { toAmount } from '../../shared/domain/money.js';
import { runDayRefusal } from '../../shared/domain/rent/run-day.js';
import { BadRequest } from '../../shared/errors.js';
import { sendPages } from '../../shared/jobs/queue.js';
import { log } from '../../shared/log.js';
import { queueRentRun } from '../../shared/workflows/rent/pages.js';
import { type RentRunResult, runRent } from '../../shared/workflows/rent/run.js';
import { rentRunPages } from './jobs.js';

export async function runRentFor(date: string | undefined, by: Actor, now: Date): Promise<RentRunResult> {
  const settings = await getSettings();
  const siteToday = todayIn(settings.systemTimeZone, now);
  const today = date ?? siteToday;
  const refusal = runDayRefusal(today, siteToday);
  if (refusal) throw new BadRequest(`date ${refusal}`, [{ field: 'date', message: refusal }]);
  const result = await runRent(
    today,
    by,
    now,
    { currency: settings.paymentCurrency, timeZone: settings.systemTimeZone },
    siteToday,
  );
  log('info', 'rent run', {
    date: result.date,
    leases: result.leases,
    invoices: result.invoices.length,
    skipped: result.skipped.length,
    autopay: result.autopay.length,
    lateFees: result.lateFees.length,
    settled: result.settled,
  });
  // Someone must give these leases terms (or their property back): say which, where operations look.
  if (result.skipped.length > 0)
    log('warn', 'rent run skipped leases', { date: result.date, skipped: result.skipped });
  return result;
}

export const rentRunView = (r: RentRunResult) => ({
  date: r.date,
  leases: r.leases,
  invoices: r.invoices.map(({ amountCents, ...rest }) => ({ ...rest, amount: toAmount(amountCents) })),
  skipped: r.skipped,
  autopay: r.autopay,
  lateFees: r.lateFees.map(({ amountCents, ...rest }) => ({ ...rest, amount: toAmount(amountCents) })),
  settled: r.settled,
});

/** The schedule: the site's today, every lease and watched invoice in pages on the queue. */
export const handler = async (): Promise<void> => {
  const now = clockNow();
  const settings = await getSettings();
  const today = todayIn(settings.systemTimeZone, now);
  const by: Actor = { actor: 'system:rent', requestId: `rentRun:${now.toISOString()}` };
  const queued = await queueRentRun(today, by, (pages) => sendPages(rentRunPages, pages));
  log('info', 'rent run queued', { ...queued });
};
