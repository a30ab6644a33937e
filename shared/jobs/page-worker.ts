/**
 * The worker's side of a queue job (contract.ts `QueueJob`): Powertools' batch utility parses each SQS message
 * with the job's `page` schema (a Standard Schema, through @aws-lambda-powertools/parser) before the handler
 * sees it, so the handler gets a typed page and no hand-written check; a message that is not a page fails its
 * parse like a page that fails its work, and comes again until it lands in the dead-letter queue. The batch
 * answers `batchItemFailures` for the pages that failed, so only they come again.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { parser } from '@aws-lambda-powertools/batch/parser';
import type { Context, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import type { QueueJob } from './contract.js';

/** The parts of an SQS record a page handler reads, the body parsed as the job's page. */
function recordSchema<Page extends v.GenericSchema>(page: Page) {
  return v.looseObject({ messageId: v.string(), body: v.pipe(v.string(), v.parseJson(), page) });
}

/** A message as the handler gets it: its id, and its body as the page it carries. */
export interface PageRecord<Page extends v.GenericSchema> {
  messageId: string;
  body: v.InferOutput<Page>;
}

/** The Lambda handler of a queue job: `handle` runs once per page (again when it failed). */
export function pageWorker<Page extends v.GenericSchema>(
  job: QueueJob<Page>,
  handle: (page: v.InferOutput<Page>, record: PageRecord<Page>) => Promise<void>,
): (event: SQSEvent, context: Context) => Promise<unknown> {
  const processor = new BatchProcessor(EventType.SQS, { parser, schema: recordSchema(job.page) });
  // The processor calls it with the record its schema parsed.
  const each = (record: PageRecord<Page>) => handle(record.body, record);
  return (event, context) => processPartialResponse(event, each, processor, { context });
}
