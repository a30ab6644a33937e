/**
 * The rent run (docs/rent-cycle.md): the daily `rentRun` schedule's Lambda entry, and the on-demand run of
 * `rentRun.json`, both for the site's day unless one is given.
 */
import { getSettings } from '../../shared/data/settings-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { toAmount } from '../../shared/domain/money.js';
import { log } from '../../shared/log.js';
import { type RentRunResult, runRent } from '../../shared/workflows/rent/run.js';

export async function runRentFor(date: string | undefined, by: Actor, now: Date): Promise<RentRunResult> {
  const settings = await getSettings();
  const today = date ?? todayIn(settings.systemTimeZone, now);
  const result = await runRent(today, by, now, settings.paymentCurrency);
  log('info', 'rent run', {
    date: result.date,
    leases: result.leases,
    invoices: result.invoices.length,
    autopay: result.autopay.length,
    lateFees: result.lateFees.length,
    settled: result.settled,
  });
  return result;
}

export const rentRunView = (r: RentRunResult) => ({
  date: r.date,
  leases: r.leases,
  invoices: r.invoices.map(({ amountCents, ...rest }) => ({ ...rest, amount: toAmount(amountCents) })),
  autopay: r.autopay,
  lateFees: r.lateFees.map(({ amountCents, ...rest }) => ({ ...rest, amount: toAmount(amountCents) })),
  settled: r.settled,
});

export const handler = async (): Promise<void> => {
  const now = new Date();
  await runRentFor(undefined, { actor: 'system:rent', requestId: `rentRun:${now.toISOString()}` }, now);
};
