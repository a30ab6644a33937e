/**
 * The rentRunPages queue worker (docs/rent-cycle.md "At scale"): each SQS message is one page of the day's
 * rent run (shared/workflows/rent/pages.ts). Powertools' batch utility answers `batchItemFailures` for the
 * pages that failed in part, so only they come again; the pages' transactions make a second pass write nothing.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { getSettings } from '../../shared/data/settings-repo.js';
import { todayIn } from '../../shared/domain/dates.js';
import { log } from '../../shared/log.js';
import { type RentRunPage, runRentPage } from '../../shared/workflows/rent/pages.js';

const processor = new BatchProcessor(EventType.SQS);

/** The page a message carries; a body that is not one is an error (the message ends in the dead-letter queue). */
export function pageOf(body: string): RentRunPage {
  const page = JSON.parse(body) as Partial<Record<string, unknown>>;
  const ids = page.leaseIds ?? page.invoiceIds;
  const actor = page.by as { actor?: unknown } | undefined;
  if (
    typeof page.day !== 'string' ||
    typeof actor?.actor !== 'string' ||
    !Array.isArray(ids) ||
    !ids.every(Number.isSafeInteger)
  )
    throw new TypeError('not a rent run page');
  return page as unknown as RentRunPage;
}

async function runPage(record: SQSRecord): Promise<void> {
  const page = pageOf(record.body);
  const settings = await getSettings();
  const now = new Date();
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
}

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, runPage, processor, { context });
