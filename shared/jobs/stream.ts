/**
 * Helpers for DynamoDB Streams consumers: plain objects from a record's images, and the partial batch
 * response (ReportBatchItemFailures) that makes Lambda — and the local runner — retry from the failed record.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { log } from '../log.js';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

// The stream types of @types/aws-lambda and the SDK's AttributeValue describe the same wire shape.
const plain = (image: Image | undefined) =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/** The item after the change (INSERT, MODIFY), as a plain object. */
export const newImage = (record: DynamoDBRecord): Record<string, unknown> | undefined =>
  plain(record.dynamodb?.NewImage);

/** The item before the change (MODIFY, REMOVE), as a plain object. */
export const oldImage = (record: DynamoDBRecord): Record<string, unknown> | undefined =>
  plain(record.dynamodb?.OldImage);

/**
 * Handles the records one by one, in stream order. At the first failure it stops and reports that record:
 * Lambda (and the local runner) retries the batch from it, so the records before it are not handled again
 * and the ones after keep their order. Handlers must still be idempotent: a whole batch can be redelivered.
 */
export async function processRecords(
  jobId: string,
  event: DynamoDBStreamEvent,
  handle: (record: DynamoDBRecord) => Promise<void>,
): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    try {
      await handle(record);
    } catch (error) {
      const itemIdentifier = record.dynamodb?.SequenceNumber ?? '';
      log('error', 'stream record failed', {
        jobId,
        eventID: record.eventID,
        sequenceNumber: itemIdentifier,
        error: (error as Error).message,
      });
      return { batchItemFailures: [{ itemIdentifier }] };
    }
  }
  return { batchItemFailures: [] };
}
