/**
 * One scheduled attempt of a delivery the caller has claimed (the first try right after the change, or a
 * retry of the sweep): send, log the attempt, move the delivery on (succeeded, pending until the next retry,
 * or failed), and keep the subscription's health — a success ends a failure streak, a failure starts one,
 * and a streak of 3 days disables the subscription.
 */

import { failWithoutAttempt, recordScheduledAttempt } from '../../shared/data/webhook-deliveries-repo.js';
import {
  disableFailing,
  markFailing,
  markHealthy,
  openSecret,
  type StoredSubscription,
} from '../../shared/data/webhook-subscriptions-repo.js';
import {
  type Attempt,
  afterScheduledAttempt,
  type DeliveryRecord,
} from '../../shared/domain/webhooks/delivery.js';
import { DISABLE_AFTER_MS, failedTooLong } from '../../shared/domain/webhooks/retry.js';
import { log, urlForLog } from '../../shared/log.js';
import { type SendResult, sendWebhook } from './send.js';

export type Clock = () => Date;

/** Sends once and says how it went, as the log records it. */
export async function sendOnce(
  delivery: DeliveryRecord,
  subscription: StoredSubscription,
  kind: Attempt['kind'],
  clock: Clock,
): Promise<Attempt> {
  const at = clock();
  const secret = await openSecret(subscription);
  const result: SendResult = secret
    ? await sendWebhook(subscription.record.url, delivery.deliveryId, delivery.body, secret, at)
    : {
        status: null,
        ok: false,
        latencyMs: 0,
        responseExcerpt: '',
        error: 'the signing secret cannot be opened',
      };
  if (result.cause)
    // What the system said (OpenSSL's reason, the resolver's): for us, never for the delivery log.
    log('info', 'webhook attempt got no answer', {
      deliveryId: delivery.deliveryId,
      subscriptionId: delivery.subscriptionId,
      target: urlForLog(subscription.record.url),
      kind,
      error: result.error,
      cause: result.cause,
    });
  return {
    at: at.toISOString(),
    kind,
    status: result.status,
    ok: result.ok,
    latencyMs: result.latencyMs,
    responseExcerpt: result.responseExcerpt,
    ...(result.error ? { error: result.error } : {}),
  };
}

const describe = (attempt: Attempt) =>
  attempt.error ??
  `answered ${attempt.status}${attempt.responseExcerpt ? `: ${attempt.responseExcerpt.slice(0, 100)}` : ''}`;

export async function attemptClaimed(
  claimed: DeliveryRecord,
  subscription: StoredSubscription | undefined,
  clock: Clock,
): Promise<Attempt | undefined> {
  if (!subscription || subscription.record.deletedAt || subscription.record.active !== 1) {
    const why =
      !subscription || subscription.record.deletedAt ? 'subscription deleted' : 'subscription disabled';
    await failWithoutAttempt(claimed, why, clock());
    return undefined;
  }
  const attempt = await sendOnce(claimed, subscription, 'scheduled', clock);
  const now = clock();
  const made = claimed.attemptCount + 1;
  const outcome = afterScheduledAttempt(made, attempt.ok, now);
  await recordScheduledAttempt(
    claimed,
    attempt,
    attempt.ok ? outcome : { ...outcome, lastError: describe(attempt) },
    now,
  );
  if (attempt.ok) {
    if (subscription.record.failingSince) await markHealthy(subscription.record.subscriptionId);
    return attempt;
  }
  // The alarm on delivery failures counts these lines (infra/cdk/webhook-alarms.ts).
  log('warn', 'webhook delivery failed', {
    deliveryId: claimed.deliveryId,
    subscriptionId: claimed.subscriptionId,
    target: urlForLog(subscription.record.url),
    attempt: made,
    final: outcome.status === 'failed',
    status: attempt.status,
    error: attempt.error,
  });
  const since = await markFailing(subscription.record.subscriptionId, now);
  if (failedTooLong(since, now)) {
    const days = Math.round(DISABLE_AFTER_MS / 86_400_000);
    const reason = `every attempt failed since ${since} (${days} days or more); last: ${describe(attempt)}`;
    if (await disableFailing(subscription.record.subscriptionId, reason.slice(0, 500), now)) {
      log('warn', 'webhook subscription disabled', {
        subscriptionId: subscription.record.subscriptionId,
        target: urlForLog(subscription.record.url),
        reason,
      });
    }
  }
  return attempt;
}
