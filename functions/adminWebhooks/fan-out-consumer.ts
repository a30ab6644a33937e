/**
 * The webhookFanOut job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it):
 * change items from the stream (INSERTs only, by the mapping's filter and the local runner's) → deliveries,
 * then every first attempt of the batch at once. A record that fails to write its deliveries stops the batch
 * there (retried from it); the deliveries written before it are still sent. A first attempt that fails to be
 * recorded is left to the retry sweep (its claim runs out).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { log } from '../../shared/log.js';
import { attemptClaimed } from './dispatch.js';
import { deliveriesFor, type NewDelivery, subscriptionsNow } from './fan-out.js';
import { webhookFanOut } from './jobs.js';

const clock = now;

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const announced = event.Records.some((record) => newImage(record)?.event);
  if (!announced) return { batchItemFailures: [] };
  const subscriptions = await subscriptionsNow();
  const created: NewDelivery[] = [];
  const response = await processRecords(webhookFanOut.id, event, async (record) => {
    const image = newImage(record);
    if (!image?.event) return;
    created.push(...(await deliveriesFor(changeFromItem(image), subscriptions, clock)));
  });
  await Promise.all(
    created.map(({ delivery, subscription }) =>
      attemptClaimed(delivery, subscription, clock).catch((error: unknown) =>
        log('error', 'webhook first attempt not recorded; the retry sweep takes it', {
          deliveryId: delivery.deliveryId,
          error: (error as Error).message,
        }),
      ),
    ),
  );
  return response;
}
