/**
 * The delivery log (newest first, merged over the subscriptions when none is named) and replay: one more
 * attempt now with the same webhook-id and body, logged as `replay` with its change item (an admin write).
 */

import { changePart } from '../../shared/data/changes-repo.js';
import {
  countDeliveries,
  deliveryOrder,
  deliveryReplayLabel,
  getDelivery,
  newestDeliveries,
  replayAttemptPart,
} from '../../shared/data/webhook-deliveries-repo.js';
import {
  allSubscriptions,
  getSubscription,
  markHealthy,
} from '../../shared/data/webhook-subscriptions-repo.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import {
  type DeliveryStatus,
  deliveryView,
  MAX_LOGGED_ATTEMPTS,
} from '../../shared/domain/webhooks/delivery.js';
import { Conflict, NotFound } from '../../shared/errors.js';
import { sendOnce } from './dispatch.js';

export interface DeliveriesQuery {
  subscriptionId?: number | undefined;
  status?: DeliveryStatus | undefined;
  page: number;
  limit: number;
}

export async function listDeliveries(q: DeliveriesQuery) {
  const ids =
    q.subscriptionId !== undefined
      ? [q.subscriptionId]
      : (await allSubscriptions()).map((s) => s.record.subscriptionId);
  const want = q.page * q.limit;
  const [lists, counts] = await Promise.all([
    Promise.all(ids.map((id) => newestDeliveries(id, q.status, want))),
    Promise.all(ids.map((id) => countDeliveries(id, q.status))),
  ]);
  const merged = lists.flat().sort((a, b) => deliveryOrder(b).localeCompare(deliveryOrder(a)));
  return {
    items: merged.slice(want - q.limit, want).map(deliveryView),
    page: q.page,
    limit: q.limit,
    total: counts.reduce((sum, n) => sum + n, 0),
  };
}

export async function replay(deliveryId: string, by: Actor, clock: () => Date) {
  const delivery = await getDelivery(deliveryId);
  if (!delivery) throw new NotFound(`Webhook delivery ${deliveryId} not found`);
  const subscription = await getSubscription(delivery.subscriptionId);
  if (!subscription || subscription.record.deletedAt)
    throw new Conflict(`Subscription ${delivery.subscriptionId} was deleted: nothing to send to`);
  if (subscription.record.active !== 1)
    throw new Conflict(`Subscription ${delivery.subscriptionId} is disabled: enable it (PUT active 1) first`);
  if (delivery.attempts.length >= MAX_LOGGED_ATTEMPTS)
    throw new Conflict(`Delivery ${deliveryId} has ${MAX_LOGGED_ATTEMPTS} attempts logged: no more replays`);
  const { attempt } = await sendOnce(delivery, subscription, 'replay', clock);
  const now = clock();
  try {
    await commit([
      replayAttemptPart(delivery, attempt, now),
      changePart(
        {
          recordType: 'webhookDelivery',
          recordId: deliveryId,
          action: 'replayed',
          after: { status: attempt.status, ok: attempt.ok },
        },
        by,
        now,
      ),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(deliveryReplayLabel(deliveryId)))
      throw new Conflict(
        `Delivery ${deliveryId} has ${MAX_LOGGED_ATTEMPTS} attempts logged: no more replays`,
      );
    throw error;
  }
  if (attempt.ok && subscription.record.failingSince) await markHealthy(subscription.record.subscriptionId);
  const updated = await getDelivery(deliveryId);
  return { success: true, attempt, delivery: deliveryView(updated ?? delivery) };
}
