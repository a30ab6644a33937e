/**
 * The rentReminderPages queue worker: each SQS message is one page of rent reminders (rent-reminders.ts);
 * Powertools' batch utility answers `batchItemFailures` for the pages with a reminder not started, so only
 * they come again, and the reminders already started are found and skipped then.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { log } from '../../shared/log.js';
import { mailContext } from './deliver.js';
import { type ReminderPage, remindPage } from './rent-reminders.js';

const processor = new BatchProcessor(EventType.SQS);

function pageOf(body: string): ReminderPage {
  const page = JSON.parse(body) as Partial<ReminderPage>;
  if (
    !Array.isArray(page.invoices) ||
    !page.invoices.every((i) => Number.isSafeInteger(i?.rentInvoiceId) && typeof i?.dueDate === 'string')
  )
    throw new TypeError('not a rent reminder page');
  return page as ReminderPage;
}

async function remind(record: SQSRecord): Promise<void> {
  const page = pageOf(record.body);
  const { started, failed } = await remindPage(page.invoices, await mailContext(now()), now);
  log('info', 'rent reminder page', { messageId: record.messageId, started: started.length });
  // The page comes again; the reminders started now are found then and skipped.
  if (failed.length > 0) throw new Error(`rent reminders not started for invoices ${failed.join(', ')}`);
}

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, remind, processor, { context });
