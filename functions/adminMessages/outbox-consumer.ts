/**
 * The messageOutbox job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it):
 * each announced change of the outbox (DESIGN.md "Messages to people") starts the messages its event sends,
 * and a change of a record type and action that mails without an event (autopay on) its own
 * (shared/domain/messages/triggers.ts), once per change and kind. The settings are read once per batch, and
 * only for a batch with something to mail.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { causes } from '../../shared/domain/messages/record.js';
import { kindsFor, kindsForAction } from '../../shared/domain/messages/triggers.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { mailContext, startMessage } from './deliver.js';
import { messageOutbox } from './jobs.js';

const clock = now;

const kindsOf = (image: Record<string, unknown> | undefined) => [
  ...kindsFor(
    typeof image?.event === 'string' ? image.event : undefined,
    image?.data as Record<string, unknown> | undefined,
  ),
  ...kindsForAction(image?.recordType, image?.action),
];

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  if (!event.Records.some((record) => kindsOf(newImage(record)).length > 0)) return { batchItemFailures: [] };
  const ctx = await mailContext(clock());
  return processRecords(messageOutbox.id, event, async (record) => {
    const image = newImage(record);
    const kinds = kindsOf(image);
    if (!image || kinds.length === 0) return;
    const change = changeFromItem(image);
    for (const kind of kinds)
      await startMessage(kind, causes.change(change.changeId), ctx, clock, { change });
  });
}
