/**
 * The webhookRetries job's Lambda entry (every minute): the pending deliveries due now or within the next
 * LOOKAHEAD are each claimed and sent at their due time (so the "about 5 s" first retry is not held to the
 * minute), a few at a time. A delivery whose subscription was deleted or disabled fails without an attempt.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { now } from '../../shared/clock.js';
import { claimAttempt, dueDeliveries } from '../../shared/data/webhook-deliveries-repo.js';
import { allSubscriptions } from '../../shared/data/webhook-subscriptions-repo.js';
import type { DeliveryRecord } from '../../shared/domain/webhooks/delivery.js';
import { ATTEMPT_LEASE_MS } from '../../shared/domain/webhooks/retry.js';
import { mapLimited } from '../../shared/jobs/limiter.js';
import { log } from '../../shared/log.js';
import { attemptClaimed, type Clock } from './dispatch.js';

/** Deliveries due this far ahead are waited for in this run (the next run is a minute away). */
const LOOKAHEAD_MS = 30_000;
/** Deliveries read per run; the rest wait for the next run. */
const BATCH = 200;
const PARALLEL = 10;

export async function retryDue(clock: Clock): Promise<{ attempted: number }> {
  const start = clock();
  const due = await dueDeliveries(new Date(start.getTime() + LOOKAHEAD_MS), BATCH);
  if (due.length === 0) return { attempted: 0 };
  const subscriptions = new Map((await allSubscriptions()).map((s) => [s.record.subscriptionId, s]));
  let attempted = 0;
  const one = async (delivery: DeliveryRecord) => {
    const wait = Date.parse(delivery.nextAttemptAt ?? '') - clock().getTime();
    if (wait > 0) await sleep(wait);
    const claimed = await claimAttempt(delivery, new Date(clock().getTime() + ATTEMPT_LEASE_MS));
    if (!claimed) return; // another attempt took it, or it was settled meanwhile
    attempted += 1;
    await attemptClaimed(claimed, subscriptions.get(claimed.subscriptionId), clock);
  };
  await mapLimited(
    due,
    (delivery) =>
      one(delivery).catch((error: unknown) =>
        log('error', 'webhook retry failed', {
          deliveryId: delivery.deliveryId,
          error: (error as Error).message,
        }),
      ),
    PARALLEL,
  );
  return { attempted };
}

export const handler = async (): Promise<void> => {
  await retryDue(now);
};
