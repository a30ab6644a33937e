/**
 * The fan-out of an announced change: one delivery per active subscription to its event type, put-if-absent
 * under an id made of the change and the subscription (a change the stream delivers twice makes one
 * delivery), created already claimed for its first attempt, which follows at once.
 */

import { putDeliveryIfAbsent } from '../../shared/data/webhook-deliveries-repo.js';
import { allSubscriptions, type StoredSubscription } from '../../shared/data/webhook-subscriptions-repo.js';
import type { Change } from '../../shared/domain/change.js';
import type { DeliveryRecord } from '../../shared/domain/webhooks/delivery.js';
import { deliveryIdOf, payloadOf } from '../../shared/domain/webhooks/payload.js';
import { ATTEMPT_LEASE_MS } from '../../shared/domain/webhooks/retry.js';
import { receives } from '../../shared/domain/webhooks/subscription.js';
import type { Clock } from './dispatch.js';

export interface NewDelivery {
  delivery: DeliveryRecord;
  subscription: StoredSubscription;
}

/** Reads the subscriptions once per batch of changes (they are few; every event needs them). */
export async function subscriptionsNow(): Promise<StoredSubscription[]> {
  return allSubscriptions();
}

/** The deliveries of one change that did not exist yet, written and claimed for their first attempt. */
export async function deliveriesFor(
  change: Change & { changeId: string },
  subscriptions: readonly StoredSubscription[],
  clock: Clock,
): Promise<NewDelivery[]> {
  const payload = payloadOf(change);
  if (!payload) return [];
  const body = JSON.stringify(payload);
  const created: NewDelivery[] = [];
  for (const subscription of subscriptions) {
    if (!receives(subscription.record, payload.type)) continue;
    const now = clock();
    const delivery: DeliveryRecord = {
      deliveryId: deliveryIdOf(change.changeId, subscription.record.subscriptionId),
      subscriptionId: subscription.record.subscriptionId,
      eventId: payload.id,
      eventType: payload.type,
      body,
      status: 'pending',
      attemptCount: 0,
      attempts: [],
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      // Claimed by this fan-out: the sweep takes it only if the first attempt never gets recorded.
      nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS).toISOString(),
    };
    if (await putDeliveryIfAbsent(delivery)) created.push({ delivery, subscription });
  }
  return created;
}
